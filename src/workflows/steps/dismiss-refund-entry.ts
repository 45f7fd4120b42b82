import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ledgerOf } from "../../lib/ledger/ledger"
import type { BookEntry } from "../../modules/bnpl/types"

export const dismissRefundEntryStepId = "bnpl-dismiss-refund-entry"

/** The admin says an undecided entry is not a refund of this loan's money (`note` says why); compensation puts the entry back. */
export const dismissRefundEntryStep = createStep(
  dismissRefundEntryStepId,
  async (input: { entry: BookEntry; note: string }, { container }) => {
    const settled = await ledgerOf(container).settleRefundEntry(input.entry, { happened: false, note: input.note })
    return new StepResponse(settled, input.entry)
  },
  async (before: BookEntry | undefined, { container }) => {
    if (before) await ledgerOf(container).unsettleRefundEntry(before)
  },
)
