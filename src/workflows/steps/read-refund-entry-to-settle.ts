import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ledgerOf } from "../../lib/ledger/ledger"
import { isUndecided } from "../../lib/money/refund-book"
import type { BookEntry } from "../../modules/bnpl/types"

export const readRefundEntryToSettleStepId = "bnpl-read-refund-entry-to-settle"

/** The book's entry of the loan that the admin settles: refused when the loan has no such entry, or it is settled already. Reads only. */
export const readRefundEntryToSettleStep = createStep(
  readRefundEntryToSettleStepId,
  async (input: { entry_id: string; loan_id: number }, { container }) => {
    const [entry] = await ledgerOf(container).listBnplRefunds({ id: input.entry_id, loan_id: input.loan_id }, { take: 1 })
    if (!entry) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Loan ${input.loan_id} has no refund ${input.entry_id} in the plugin's book.`)
    if (!isUndecided(entry)) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Refund ${entry.id} of loan ${input.loan_id} is already ${entry.state}.`)
    }
    return new StepResponse<BookEntry>(entry)
  },
)
