import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { SessionData } from "../../lib/medusa/session-data"
import { ledgerOf } from "../../lib/ledger/ledger"
import { recordLoanOfSession } from "../../lib/ledger/loan-row"
import type { LedgerLoan } from "../../modules/bnpl/types"

export const recordLoanSessionStepId = "bnpl-record-loan-session"

export interface RecordLoanSessionInput {
  service_cart_id: string
  holder: LedgerLoan["holder"]
  payment_collection_id: string
  payment_session_id: string
  /** The loan the session holds (its session data); nothing is recorded without one. */
  loan: SessionData | undefined
  /** The row of the paid loan the session took over. */
  adopted_row_id?: string
}

/**
 * The ledger's row for a session of the plugin's provider, written under the cart's lock: a new
 * loan gets its row, and a session that took a paid loan over moves the loan's row to itself.
 * Every loan gets its row in the request that created it, and keeps it after its session is
 * gone. No compensation: a row is never removed, and one missing after a crash is backfilled by
 * reconciliation.
 */
export const recordLoanSessionStep = createStep(recordLoanSessionStepId, async (input: RecordLoanSessionInput, { container }) => {
  const { loan } = input
  if (!loan) return new StepResponse(undefined)
  const session = { payment_collection_id: input.payment_collection_id, payment_session_id: input.payment_session_id }
  const ledger = ledgerOf(container)
  if (input.adopted_row_id) {
    await ledger.moveLoanToSession(await ledger.retrieveBnplLoan(input.adopted_row_id), session)
    return new StepResponse(input.adopted_row_id)
  }
  const row = await recordLoanOfSession(container, { ...session, holder: input.holder, service_cart_id: input.service_cart_id, loan })
  return new StepResponse(row.id)
})
