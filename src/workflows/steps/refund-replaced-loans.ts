import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ledgerOf } from "../../lib/ledger/ledger"
import { refundLoanInFull } from "../../lib/money/refund-in-full"
import type { ReplacedLoan } from "./plan-paid-loan"

export const refundReplacedLoansStepId = "bnpl-refund-replaced-loans"

/**
 * Refunds in full, one after the other, the paid loans the cart can no longer take
 * (planPaidLoanStep), each under its own idempotency key, and records on each row why. A refund
 * that fails stops the new loan. No compensation: money that left cannot be called back.
 */
export const refundReplacedLoansStep = createStep(refundReplacedLoansStepId, async (replaced: ReplacedLoan[], { container }) => {
  const logger = container.resolve("logger")
  for (const loan of replaced) {
    const refundedNow = await refundReplacedLoan(container, loan).catch((error: Error) => {
      logger.error(`[bnpl] cart ${loan.service_cart_id}: paid loan ${loan.loan_id} could not be refunded (${error.message}); no new loan is created`)
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "This cart's earlier installment payment is being returned. Try again in a moment.")
    })
    logger.warn(`[bnpl] cart ${loan.service_cart_id}: ${loan.reason}; refunded ${refundedNow} at the service before creating a new loan`)
  }
  return new StepResponse(replaced.length)
})

async function refundReplacedLoan(container: MedusaContainer, replaced: ReplacedLoan): Promise<string> {
  const ledger = ledgerOf(container)
  const row = await ledger.retrieveBnplLoan(replaced.ledger_id)
  const refund = await refundLoanInFull(container, row.service_cart_id, row.loan_id, "cart changed after payment", `bnpl-replaced-${row.id}`)
  if (refund.loan) {
    await ledger.recordRefundedInFull(row, { loanStatus: refund.loan.status, total: refund.loan.totalAmount, reason: replaced.reason })
  }
  return refund.refundedNow
}
