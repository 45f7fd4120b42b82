import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { ledgerOf } from "../lib/ledger/ledger"
import type { LoanChange } from "../modules/bnpl/service"
import type { LedgerLoan } from "../modules/bnpl/types"
import { ledgerChangeStep } from "./steps/ledger-change-step"

/**
 * Puts a loan on the admin's attention list, `reason` saying what to do: reconciliation's finding
 * for a paid loan no session or order holds, the storefront's completion refusing a refunded loan.
 *
 * Only while the row is in the state its caller decided on: reconciliation decides without the
 * cart's lock, and a confirmation may have made the loan an order's meanwhile. Such a row stays
 * as it is, and the answer says what state it is in now.
 */
export interface ListLoanInput {
  ledger_id: string
  reason: string
  /** The row's state when the caller read it. */
  while_state: LedgerLoan["state"]
  /** The status the query just answered, when the caller asked. */
  loan_status?: LedgerLoan["loan_status"]
}

/** Listed, or the state another writer left the row in. */
export type ListingResult = { listed: true } | { listed: false; state: LedgerLoan["state"] }

const listLoanStep = ledgerChangeStep(
  "bnpl-list-loan",
  async (input: ListLoanInput, container): Promise<{ output: ListingResult; change?: LoanChange }> => {
    const ledger = ledgerOf(container)
    const row = await ledger.retrieveBnplLoan(input.ledger_id)
    if (row.state !== input.while_state) return { output: { listed: false, state: row.state } }
    const change = await ledger.listForAttentionIfUnmoved(row, input.reason, input.loan_status)
    if (change) return { output: { listed: true }, change }
    // Moved on between this read and the write: its state now is read again.
    return { output: { listed: false, state: (await ledger.retrieveBnplLoan(input.ledger_id)).state } }
  },
)

export const listLoanWorkflow = createWorkflow("bnpl-list-loan", (input: ListLoanInput) => new WorkflowResponse(listLoanStep(input)))
