import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { centsToDecimal } from "../service/refunds"
import type { LoanRecord } from "../service/wire"
import { toCents, toDecimal } from "../service/money"
import { bookedRefund, remainingOn, standingBook } from "./refund-book"

export interface InFullResult {
  loan?: LoanRecord
  /** What this call asked the service to refund; "0.00" when nothing was left. */
  refundedNow: string
}

/**
 * Refunds what remains of a paid loan at the service, once: what remains is the loan's total
 * less the refunds in the book (less `keep`, what an order still counts of it), and the request
 * is booked under `idempotencyKey`, so a repeated call finds it instead of refunding twice. A
 * refund the book cannot account for (made outside Medusa, or whose reply was lost) stops it:
 * the admin settles that first.
 */
export async function refundLoanInFull(
  container: MedusaContainer,
  cartId: string,
  loanId: number,
  reason: string,
  idempotencyKey: string,
  keep: string = "0.00",
): Promise<InFullResult> {
  const { loans, book } = await standingBook(container, cartId)
  const loan = loans.find((l) => l.loanId === loanId)
  if (!loan) return { refundedNow: "0.00" }
  const left = remainingOn(book, loan)
  if ("unknown" in left) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, left.unknown)
  const amount = toCents(left.remaining) - toCents(keep)
  if (amount <= 0n) return { loan, refundedNow: "0.00" }
  const entry = await bookedRefund(container, { loanId, cartId, amount: centsToDecimal(amount), reason, idempotencyKey }, book)
  return { loan, refundedNow: toDecimal(entry.amount ?? centsToDecimal(amount)) }
}
