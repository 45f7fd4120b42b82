import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { orderPayments } from "../../lib/ledger/queries"

export const orderLoanCartsStepId = "bnpl-order-loan-carts"

/** The carts of the loans that paid an order (a balance's: its collection): the locks a change of the order's money takes. */
export const orderLoanCartsStep = createStep(orderLoanCartsStepId, async (input: { order_id: string }, { container }) => {
  const payments = await orderPayments(container, input.order_id)
  return new StepResponse({ cart_ids: [...new Set(payments.map((payment) => payment.session.cart_id))] })
})
