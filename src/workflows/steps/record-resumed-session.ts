import { ledgerOf } from "../../lib/ledger/ledger"
import { ledgerChangeStep } from "./ledger-change-step"

export const recordResumedSessionStepId = "bnpl-record-resumed-session"

export interface ResumedSession {
  ledger_id: string
  payment_collection_id: string
  payment_session_id: string
}

/** Points the loan's ledger row at the new session that took the loan over; compensation points it back. */
export const recordResumedSessionStep = ledgerChangeStep(recordResumedSessionStepId, async (input: ResumedSession, container) => {
  const ledger = ledgerOf(container)
  const row = await ledger.retrieveBnplLoan(input.ledger_id)
  const change = await ledger.moveLoanToSession(row, {
    payment_collection_id: input.payment_collection_id,
    payment_session_id: input.payment_session_id,
  })
  container.resolve("logger").info(`[bnpl] cart ${row.service_cart_id} matches paid loan ${row.loan_id} again: a new payment session takes it over`)
  return { output: true, change }
})
