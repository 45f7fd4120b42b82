import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

export const refuseRefundOfLiveOrderStepId = "bnpl-refuse-refund-of-live-order"

/**
 * Refuses to refund by the book a loan that an order which is not cancelled holds
 * (readLiveOrderOfLoanStep): it is refunded from the order, so Medusa records the refund.
 */
export const refuseRefundOfLiveOrderStep = createStep(refuseRefundOfLiveOrderStepId, async (input: { loan_id: number; order_id: string | null }) => {
  if (!input.order_id) return new StepResponse(undefined)
  throw new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    `Loan ${input.loan_id} is the payment of order ${input.order_id}, which is not cancelled: refund it from the order, or cancel the order, so Medusa records the refund.`,
  )
})
