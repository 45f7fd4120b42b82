import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { ledgerOf } from "../lib/ledger/ledger"
import type { LedgerLoan } from "../modules/bnpl/types"
import { ledgerChangeStep } from "./steps/ledger-change-step"

/** The loan's status at the service, as a status query just answered it (reconciliation's look at every row). */
export interface RecordLoanStatusInput {
  ledger_id: string
  loan_status: LedgerLoan["loan_status"]
}

const recordStatusStep = ledgerChangeStep("bnpl-record-loan-status-seen", async (input: RecordLoanStatusInput, container) => {
  const ledger = ledgerOf(container)
  const change = await ledger.recordLoanStatus(await ledger.retrieveBnplLoan(input.ledger_id), input.loan_status)
  return { output: !!change, change }
})

export const recordLoanStatusWorkflow = createWorkflow("bnpl-record-loan-status", (input: RecordLoanStatusInput) => {
  return new WorkflowResponse(recordStatusStep(input))
})
