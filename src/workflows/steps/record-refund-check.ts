import type { LoanStatus } from "../../lib/service/wire"
import { ledgerOf } from "../../lib/ledger/ledger"
import type { LedgerPatch } from "../../modules/bnpl/service"
import type { LedgerLoan } from "../../modules/bnpl/types"
import { ledgerChangeStep } from "./ledger-change-step"

export const recordRefundCheckStepId = "bnpl-record-refund-check"

/** What a refund check answers. */
export interface RefundCheckResult {
  outcome: "in_order" | "refunds_recorded" | "refunded" | "needs_attention"
  refunded_at_service: string
  refunded_in_medusa: string
}

/** What the check decided: its outcome and the row's state (unchanged when `patch` is empty). */
export interface RefundCheckVerdict {
  outcome: RefundCheckResult["outcome"]
  patch: Pick<LedgerPatch, "state" | "attention_reason">
}

export interface RefundCheckFindings {
  row: LedgerLoan
  /** The loan's status at the service, when the service lists it. */
  loan_status?: LoanStatus
  /** What the book shows refunded on the loan, and Medusa on the order's payment, decimal. */
  refunded_at_service: string
  refunded_in_medusa: string
  verdict: RefundCheckVerdict
}

/** Writes a refund check's findings and verdict on the loan's row; compensation puts the row back. */
export const recordRefundCheckStep = ledgerChangeStep(recordRefundCheckStepId, async (input: RefundCheckFindings, container) => {
  const change = await ledgerOf(container).recordRefundCheck(input.row, {
    refundedAtService: input.refunded_at_service,
    refundedInMedusa: input.refunded_in_medusa,
    loanStatus: input.loan_status,
    decided: input.verdict.patch,
  })
  const output: RefundCheckResult = {
    outcome: input.verdict.outcome,
    refunded_at_service: input.refunded_at_service,
    refunded_in_medusa: input.refunded_in_medusa,
  }
  return { output, change }
})
