import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { type RowPatchUndo, undoRowPatch } from "../../lib/ledger/confirmation-records"
import { ledgerOf, patchRow } from "../../lib/ledger/ledger"

export const recordResumedSessionStepId = "bnpl-record-resumed-session"

export interface ResumedSession {
  ledger_id: string
  payment_collection_id: string
  payment_session_id: string
}

/** Points the loan's ledger row at the new session that took the loan over; compensation points it back. */
export const recordResumedSessionStep = createStep(
  recordResumedSessionStepId,
  async (input: ResumedSession, { container }) => {
    const row = await ledgerOf(container).retrieveBnplLoan(input.ledger_id)
    const previous = await patchRow(container, row, {
      payment_collection_id: input.payment_collection_id,
      payment_session_id: input.payment_session_id,
    })
    container.resolve("logger").info(`[bnpl] cart ${row.cart_id} matches paid loan ${row.loan_id} again: a new payment session takes it over`)
    return new StepResponse(true, { id: row.id, previous } as RowPatchUndo)
  },
  async (undo: RowPatchUndo | undefined, { container }) => undoRowPatch(container, undo),
)
