import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { exactDifference, toCents } from "../../lib/service/money"
import { type AskedRefund, withHandOver } from "../../lib/provider-channel/hand-over"
import type { OrderPayment } from "../../lib/medusa/queries"
import { bookingSender } from "../../lib/money/refund-book"

export const refundCapturedThroughMedusaStepId = "bnpl-refund-captured-through-medusa"

/**
 * What a cancelled order's captured payment still holds (its cancel's refund refused, or the
 * order cancelled by a path that left it) is refunded through Medusa's payment module, booked and
 * sent once like every refund (the provider's sender books it under the cart's lock the workflow
 * holds), so Medusa's records keep matching the service's; the rest of the loan goes by the book
 * after it. Nothing for a payment that is not such. No compensation: money that left cannot be
 * called back.
 */
export const refundCapturedThroughMedusaStep = createStep(
  refundCapturedThroughMedusaStepId,
  async (input: { payment: OrderPayment | null; reason: string }, { container }) => {
    const { payment, reason } = input
    if (!payment || payment.orderStatus !== "canceled" || payment.canceled) return new StepResponse(undefined)
    // Exactly what the payment holds (462.8052, not 462.81): the provider sends it to the service rounded.
    const rest = exactDifference(payment.captured, payment.refunded)
    if (toCents(rest) <= 0n) return new StepResponse(undefined)
    // Medusa's refundPaymentWorkflow refuses a cancelled order; its payment module records the refund as the workflow would.
    const refunds = {
      send: bookingSender(container, reason),
      asked: (refund: AskedRefund) => refund.payment_id === payment.paymentId && refund.note === reason,
    }
    await withHandOver({ refunds }, { carts: [payment.session.service_cart_id] }, () =>
      container.resolve(Modules.PAYMENT).refundPayment({ payment_id: payment.paymentId, amount: rest, note: reason }),
    )
    return new StepResponse(undefined)
  },
)
