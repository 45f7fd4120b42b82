import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { ledgerOf } from "../lib/ledger/ledger"
import type { LedgerLoan } from "../modules/bnpl/types"
import { ledgerChangeStep } from "./steps/ledger-change-step"

/**
 * Puts a loan on the admin's attention list, `reason` saying what to do: reconciliation's finding
 * for a paid loan no session or order holds, the storefront's completion refusing a refunded loan.
 */
export interface ListLoanInput {
  ledger_id: string
  reason: string
  /** The status the query just answered, when the caller asked. */
  loan_status?: LedgerLoan["loan_status"]
}

const listLoanStep = ledgerChangeStep("bnpl-list-loan", async (input: ListLoanInput, container) => {
  const ledger = ledgerOf(container)
  const change = await ledger.listForAttention(await ledger.retrieveBnplLoan(input.ledger_id), input.reason, input.loan_status)
  return { output: change.row.state, change }
})

export const listLoanWorkflow = createWorkflow("bnpl-list-loan", (input: ListLoanInput) => new WorkflowResponse(listLoanStep(input)))
