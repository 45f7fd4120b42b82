import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { orderOfPaymentCollection } from "../../lib/medusa/queries"

export const readHalfMadeOrderStepId = "bnpl-read-half-made-order"

/**
 * An order a cut-short completion left holding the cart's payment collection, with no link to
 * the cart. Read only when a completion with the loan started and never ended (every completion
 * with it marks the row first), or when the row was written just now and carries no marks
 * (`mayHoldHalfMadeOrder`). Reads only.
 */
export const readHalfMadeOrderStep = createStep(readHalfMadeOrderStepId, async (input: { payment_collection_id: string }, { container }) => {
  return new StepResponse((await orderOfPaymentCollection(container, input.payment_collection_id)) ?? null)
})
