import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ledgerOf } from "../../lib/ledger/ledger"
import type { BookEntry } from "../../modules/bnpl/types"

export const recordRefundEntryStepId = "bnpl-record-refund-entry"

/** The admin says an undecided entry's refund happened, for `amount`; compensation puts the entry back. */
export const recordRefundEntryStep = createStep(
  recordRefundEntryStepId,
  async (input: { entry: BookEntry; amount: string; note: string }, { container }) => {
    const settled = await ledgerOf(container).settleRefundEntry(input.entry, { happened: true, amount: input.amount, note: input.note })
    return new StepResponse(settled, input.entry)
  },
  async (before: BookEntry | undefined, { container }) => {
    if (before) await ledgerOf(container).unsettleRefundEntry(before)
  },
)
