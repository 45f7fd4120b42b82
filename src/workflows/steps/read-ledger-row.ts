import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ledgerOf } from "../../lib/ledger/ledger"
import type { LedgerLoan } from "../../modules/bnpl/types"

export const readLedgerRowStepId = "bnpl-read-ledger-row"

/** A loan's ledger row as it stands. Reads only; run under the cart's lock, where the row cannot move. */
export const readLedgerRowStep = createStep(readLedgerRowStepId, async (input: { ledger_id: string }, { container }) => {
  const row: LedgerLoan = await ledgerOf(container).retrieveBnplLoan(input.ledger_id)
  return new StepResponse(row)
})
