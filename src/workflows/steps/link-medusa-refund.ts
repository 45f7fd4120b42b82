import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ledgerOf } from "../../lib/ledger/ledger"

export const linkMedusaRefundStepId = "bnpl-link-medusa-refund"

/**
 * Names on a book entry the Medusa refund that records its money, so a refund check does not book
 * that refund a second time. No compensation of its own: undoing the entry's settlement
 * (recordRefundEntryStep's compensation) puts the entry's link back as it was.
 */
export const linkMedusaRefundStep = createStep(linkMedusaRefundStepId, async (input: { entry_id: string; refund_id: string }, { container }) => {
  await ledgerOf(container).linkMedusaRefund(input.entry_id, input.refund_id)
  return new StepResponse(input)
})
