import { acquireLockStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { Locks } from "../lib/ledger/locks"

/**
 * Takes the reconciliation run's lock and keeps it past the workflow's end: Medusa's
 * `acquireLockStep` waits for it as long as the lock says, and the run extends it on its progress
 * and releases it when it ends (src/reconciliation/run.ts), which `execute` would not let it do.
 */
export const takeRunLockWorkflow = createWorkflow("bnpl-take-run-lock", (input: Locks) => {
  acquireLockStep(input)
  return new WorkflowResponse(undefined)
})
