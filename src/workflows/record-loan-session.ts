import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { type RecordLoanSessionInput, recordLoanSessionStep } from "./steps/record-loan-session"

export type { RecordLoanSessionInput }

/**
 * The ledger's row of a session found without its row (reconciliation's backfill), run under the
 * lock its caller holds. Session creation and the sale by phone record their rows with the same
 * step (start-loan-session.ts, sell-by-phone.ts).
 */
export const recordLoanSessionWorkflow = createWorkflow("bnpl-record-loan-session", (input: RecordLoanSessionInput) => {
  return new WorkflowResponse(recordLoanSessionStep(input))
})
