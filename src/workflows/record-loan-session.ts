import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { type RecordLoanSessionInput, recordLoanSessionStep } from "./steps/record-loan-session"

export type { RecordLoanSessionInput }

/**
 * The ledger's row of a session made outside session creation's workflow (a sale by phone, whose
 * route runs Medusa's createPaymentSessionsWorkflow itself) or found without one (reconciliation's
 * backfill), run under the lock its caller holds. Session creation records its row with the same
 * step (start-loan-session.ts).
 */
export const recordLoanSessionWorkflow = createWorkflow("bnpl-record-loan-session", (input: RecordLoanSessionInput) => {
  return new WorkflowResponse(recordLoanSessionStep(input))
})
