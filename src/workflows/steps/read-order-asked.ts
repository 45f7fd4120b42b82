import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { exactNumber } from "../../lib/service/money"
import { askedOf, nothingAsked, readPhoneSaleOrder, refuse } from "../../lib/ledger/sale-by-phone"

export const readOrderAskedStepId = "bnpl-read-order-asked"

/** What the order asks a sale by phone for: its open collection, or the total a new one opens for; a 400 when nothing. Reads only. */
export const readOrderAskedStep = createStep(readOrderAskedStepId, async (input: { order_id: string }, { container }) => {
  const order = await readPhoneSaleOrder(container, input.order_id)
  const asked = askedOf(order)
  if (!asked) throw refuse(nothingAsked(order))
  return new StepResponse({ payment_collection_id: asked.collection?.id, amount: exactNumber(asked.amount) })
})
