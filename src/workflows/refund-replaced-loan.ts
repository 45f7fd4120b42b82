import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { ledgerOf } from "../lib/ledger/ledger"
import { refundLoanInFull } from "../lib/ledger/refund-in-full"

/**
 * A paid loan its cart can no longer take (the cart changed after the payment) is refunded in
 * full before the shopper's new loan is made, and its row says why. Run by the store route
 * (src/api/store/payment-collections/start-loan-session.ts) under the cart's lock it holds. No compensation: money that
 * left cannot be called back.
 */
export interface RefundReplacedLoanInput {
  ledger_id: string
  /** Why the loan cannot pay the cart, for the row. */
  reason: string
}

const refundReplacedLoanStep = createStep("bnpl-refund-replaced-loan", async (input: RefundReplacedLoanInput, { container }) => {
  const ledger = ledgerOf(container)
  const row = await ledger.retrieveBnplLoan(input.ledger_id)
  const refund = await refundLoanInFull(container, row.cart_id, row.loan_id, "cart changed after payment", `bnpl-replaced-${row.id}`)
  if (refund.loan) {
    await ledger.recordRefundedInFull(row, { loanStatus: refund.loan.status, total: refund.loan.totalAmount, reason: input.reason })
  }
  return new StepResponse(refund.refundedNow)
})

export const refundReplacedLoanWorkflow = createWorkflow("bnpl-refund-replaced-loan", (input: RefundReplacedLoanInput) => {
  return new WorkflowResponse(refundReplacedLoanStep(input))
})
