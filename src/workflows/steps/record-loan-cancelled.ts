import { ledgerOf } from "../../lib/ledger/ledger"
import type { LedgerLoan } from "../../modules/bnpl/types"
import { ledgerChangeStep } from "./ledger-change-step"

export const recordLoanCancelledStepId = "bnpl-record-loan-cancelled"

/** The loan's row records it ended unpaid, cancelled at the service; compensation puts the row back. */
export const recordLoanCancelledStep = ledgerChangeStep(recordLoanCancelledStepId, async (row: LedgerLoan, container) => {
  const change = await ledgerOf(container).recordCancelled(row)
  return { output: true, change }
})
