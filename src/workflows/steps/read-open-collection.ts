import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { openCollectionOf, readPhoneSaleOrder } from "../../lib/ledger/sale-by-phone"

export const readOpenCollectionStepId = "bnpl-read-open-collection"

/** The order's collection that asks for money, which must exist. Reads only. */
export const readOpenCollectionStep = createStep(readOpenCollectionStepId, async (input: { order_id: string }, { container }) => {
  const opened = openCollectionOf(await readPhoneSaleOrder(container, input.order_id))
  if (!opened) throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `Medusa opened no payment collection for order ${input.order_id}.`)
  return new StepResponse(opened.id)
})
