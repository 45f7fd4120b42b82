import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { orderPayments } from "../../lib/medusa/queries"

export const orderLoanCartsStepId = "bnpl-order-loan-carts"

/** The `cartId`s at the service of the loans that paid an order: their holders' locks are what a change of the order's money takes. */
export const orderLoanCartsStep = createStep(orderLoanCartsStepId, async (input: { order_id: string }, { container }) => {
  const payments = await orderPayments(container, input.order_id)
  return new StepResponse({ service_cart_ids: [...new Set(payments.map((payment) => payment.session.service_cart_id))] })
})
