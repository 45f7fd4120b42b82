import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { LoanHolder } from "../../modules/bnpl/holder"
import { cartPayment, type CartPayment } from "../../lib/medusa/queries"

export const readCartPaymentStepId = "bnpl-read-cart-payment"

/** What the loan's holder is in Medusa now (queries.ts, `cartPayment`): its payment collection, sessions and order. Reads only. */
export const readCartPaymentStep = createStep(readCartPaymentStepId, async (input: { holder: LoanHolder }, { container }) => {
  const cart: CartPayment = await cartPayment(container, input.holder)
  return new StepResponse(cart)
})
