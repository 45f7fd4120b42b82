import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { orderPayment, type OrderPayment } from "../../lib/medusa/queries"

export const readOrderPaymentStepId = "bnpl-read-order-payment"

/**
 * The payment of the loan's order that holds the loan (queries.ts, `orderPayment`): what Medusa
 * captured and refunded on it, its refunds, whether it was cancelled, replaced or its rest
 * released. Null when the row names no order, or the order holds no payment of the loan. Reads only.
 */
export const readOrderPaymentStep = createStep(readOrderPaymentStepId, async (input: { order_id: string | null; loan_id: number }, { container }) => {
  const payment: OrderPayment | null = input.order_id ? ((await orderPayment(container, input.order_id, input.loan_id)) ?? null) : null
  return new StepResponse(payment)
})
