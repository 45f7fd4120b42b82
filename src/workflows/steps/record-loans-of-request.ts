import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ensureLoanRow } from "../../lib/ledger/loan-row"
import { ledgerOf } from "../../lib/ledger/ledger"
import type { LoanRecord } from "../../lib/service/wire"
import type { LedgerLoan } from "../../modules/bnpl/types"

export const recordLoansOfRequestStepId = "bnpl-record-loans-of-request"

export interface RecordLoansOfRequestInput {
  cart_id: string
  /** What the status query lists under the request's cartId. */
  listed: LoanRecord[]
}

/**
 * Every loan the service lists under a request's cartId gets its row (a loan whose reply was
 * lost has none), for the holder the request recorded; then the request is settled. The rows
 * have no session: reconciliation and the webhook confirm or end them as any loan. No
 * compensation: a row is never removed.
 */
export const recordLoansOfRequestStep = createStep(recordLoansOfRequestStepId, async (input: RecordLoansOfRequestInput, { container }) => {
  const ledger = ledgerOf(container)
  const request = await ledger.findLoanRequest(input.cart_id)
  if (!request) return new StepResponse([] as LedgerLoan[])
  const rows: LedgerLoan[] = []
  for (const loan of input.listed) {
    rows.push(
      await ensureLoanRow(container, {
        holder: request.holder,
        cart_id: request.cart_id,
        payment_collection_id: request.payment_collection_id,
        payment_session_id: null,
        loan: { loan_id: loan.loanId, checkout_url: "", amount: loan.totalAmount, currency_code: request.currency_code, loan_status: loan.status },
      }),
    )
  }
  await ledger.settleLoanRequest(input.cart_id)
  return new StepResponse(rows)
})
