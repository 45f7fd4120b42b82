import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { type PhoneSale, readPhoneSaleOrder, refuse, saleSessionOf } from "../../lib/ledger/sale-by-phone"

export const readPendingSaleStepId = "bnpl-read-pending-sale"

/** The order's newest sale by phone while it waits to be paid, or a 400 saying there is none. Reads only. */
export const readPendingSaleStep = createStep(readPendingSaleStepId, async (input: { order_id: string }, { container }) => {
  const found = saleSessionOf(await readPhoneSaleOrder(container, input.order_id))
  if (!found || found.session.status !== "pending") throw refuse(`Order ${input.order_id} has no payment by phone waiting to be paid.`)
  return new StepResponse<PhoneSale>(found)
})
