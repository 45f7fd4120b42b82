import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { SessionData } from "../lib/bnpl/session-data"
import { recordNewLoan } from "../lib/ledger/emit-events"
import { ledgerOf } from "../lib/ledger/ledger"
import type { LedgerLoan } from "../modules/bnpl/types"

/**
 * The ledger's row for a session the store route has just created (src/api/store/payment-collections/start-loan-session.ts),
 * run under the cart's lock the route holds: a new loan gets its row, and a session that took a
 * paid loan over moves the loan's row to itself. No compensation: a row is never removed, and
 * a row missing after a crash is backfilled by reconciliation.
 */
export interface RecordLoanSessionInput {
  cart_id: string
  holder: LedgerLoan["holder"]
  payment_collection_id: string
  payment_session_id: string
  loan: SessionData
  /** The row of the paid loan the session took over. */
  adopted_row_id?: string
}

const recordLoanSessionStep = createStep("bnpl-record-loan-session", async (input: RecordLoanSessionInput, { container }) => {
  const session = { payment_collection_id: input.payment_collection_id, payment_session_id: input.payment_session_id }
  const ledger = ledgerOf(container)
  if (input.adopted_row_id) {
    await ledger.moveLoanToSession(await ledger.retrieveBnplLoan(input.adopted_row_id), session)
    return new StepResponse(input.adopted_row_id)
  }
  const { loan } = input
  const row = await recordNewLoan(container, {
    ...session,
    loan_id: loan.loan_id,
    cart_id: input.cart_id,
    holder: input.holder,
    checkout_url: loan.checkout_url,
    amount: loan.amount,
    currency_code: loan.currency_code,
    loan_status: loan.loan_status ?? "REQUEST",
  })
  return new StepResponse(row.id)
})

export const recordLoanSessionWorkflow = createWorkflow("bnpl-record-loan-session", (input: RecordLoanSessionInput) => {
  return new WorkflowResponse(recordLoanSessionStep(input))
})
