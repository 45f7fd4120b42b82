import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"

export interface RefundLoanInput {
  /** The ledger row's id (`bnplloan_…`). */
  ledger_id: string
  /** Who asked: an admin user id, or "reconciliation". */
  requested_by?: string
}

export interface RefundLoanResult {
  ledger_id: string
  state: string
  /** What the service refunded on this loan after the call, decimal. */
  refunded_at_service: string
}

// Placeholder until the ledger workflows land; the admin route imports this name.
const refundStep = createStep("bnpl-refund-loan-placeholder", async (input: RefundLoanInput) => {
  return new StepResponse<RefundLoanResult>({ ledger_id: input.ledger_id, state: "needs_attention", refunded_at_service: "0.00" })
})

export const refundLoanWorkflow = createWorkflow("bnpl-refund-loan", (input: RefundLoanInput) => {
  return new WorkflowResponse(refundStep(input))
})
