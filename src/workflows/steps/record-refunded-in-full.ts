import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { LoanRecord } from "../../lib/service/wire"
import { emitLoanChanged } from "../../lib/ledger/emit-events"
import { ledgerOf } from "../../lib/ledger/ledger"
import type { LedgerLoan } from "../../modules/bnpl/types"

export const recordRefundedInFullStepId = "bnpl-record-refunded-in-full"

export interface RefundedInFull {
  row: LedgerLoan
  /** The loan as the service showed it when the refund was asked. */
  loan: LoanRecord
  /** What this refund asked of the service, decimal ("0.00" when nothing was left). */
  refunded_now: string
  /** Why, for the row and the log. */
  reason: string
}

/**
 * The loan's row records it refunded in full. No compensation: it records money that has left, and
 * a row put back would show it still held; the change is announced at once for that reason.
 */
export const recordRefundedInFullStep = createStep(recordRefundedInFullStepId, async (input: RefundedInFull, { container }) => {
  const { row, loan, reason } = input
  const change = await ledgerOf(container).recordRefundedInFull(row, { loanStatus: loan.status, total: loan.totalAmount, reason })
  await emitLoanChanged(container, change, undefined)
  container
    .resolve("logger")
    .info(`[bnpl] loan ${row.loan_id} of cart ${row.service_cart_id} refunded in full (${input.refunded_now} now): ${reason}`)
  return new StepResponse(undefined)
})
