import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { refundRefusal } from "../../lib/service/errors"
import type { LoanRecord } from "../../lib/service/wire"
import { refundLoanInFull } from "../../lib/money/refund-in-full"

export const refundLoanInFullStepId = "bnpl-refund-loan-in-full"

export interface RemainingRefund {
  service_cart_id: string
  loan_id: number
  /** For the service's record (at most 200 characters). */
  reason: string
  /** The request's key in the book: a repeat finds the booked request instead of refunding twice. */
  idempotency_key: string
  /** What an order still counts of the loan, decimal: left at the service. */
  keep?: string
}

/**
 * Refunds what remains of the loan at the service, less `keep` (refund-in-full.ts: booked before
 * it is sent, once per key, stopped by a refund the book cannot account for). A refusal or an
 * unclear answer is thrown in words the admin can act on (a 400, not a 500).
 */
export async function refundRemaining(container: MedusaContainer, refund: RemainingRefund): Promise<{ loan: LoanRecord; refundedNow: string }> {
  const { service_cart_id: cartId, loan_id: loanId } = refund
  const result = await refundLoanInFull(container, cartId, loanId, refund.reason, refund.idempotency_key, refund.keep).catch((error) => {
    throw refundRefusal(error, loanId) ?? error
  })
  if (!result.loan) throw new MedusaError(MedusaError.Types.NOT_FOUND, `The service lists no loan ${loanId} for cart ${cartId}.`)
  return { loan: result.loan, refundedNow: result.refundedNow }
}

/**
 * Refunds a paid loan in full at the service. No compensation: money that left cannot be called
 * back; the book holds the request from before it was sent.
 */
export const refundLoanInFullStep = createStep(refundLoanInFullStepId, async (input: RemainingRefund, { container }) => {
  return new StepResponse(await refundRemaining(container, input))
})
