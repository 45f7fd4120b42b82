import type { MedusaContainer } from "@medusajs/framework/types"
import { bnplFromContainer } from "../providers/bnpl/resolve-options"
import { refundOnce, refundableOn, refundedTotal, refundsOfLoan, isZero } from "../providers/bnpl/refunds"
import type { LoanRecord } from "../providers/bnpl/wire"

export interface InFullResult {
  loan?: LoanRecord
  /** What this call asked the service to refund; "0.00" when nothing was left. */
  refundedNow: string
  /** What the history shows refunded on the loan before this call. */
  refundedBefore: string
}

/**
 * Refunds what remains of a paid loan at the service, once: the remainder is
 * computed from the service's own refund history, so a repeated call after a
 * lost reply finds nothing left instead of refunding twice.
 */
export async function refundLoanInFull(
  container: MedusaContainer,
  cartId: string,
  loanId: number,
  reason: string,
  idempotencyKey: string,
): Promise<InFullResult> {
  const { client } = bnplFromContainer(container)
  const [loans, history] = await Promise.all([client.getLoans(cartId), client.getRefunds(cartId)])
  const loan = loans.find((l) => l.loanId === loanId)
  if (!loan) return { refundedNow: "0.00", refundedBefore: "0.00" }
  const refunds = refundsOfLoan(history, loans, loanId)
  const remaining = refundableOn(loan, refunds)
  if (isZero(remaining)) return { loan, refundedNow: "0.00", refundedBefore: refundedTotal(refunds) }
  await refundOnce(client, { cartId, totalAmount: remaining, reason }, idempotencyKey)
  return { loan, refundedNow: remaining, refundedBefore: refundedTotal(refunds) }
}
