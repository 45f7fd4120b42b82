import type { LoanRecord } from "../service/wire"
import type { LoanAtService } from "../ledger/loan-at-service"
import { refundBlock, remainingOn, unexplained } from "./refund-book"

/**
 * What a paid loan may become, by the book of refunds and the cart's refund history
 * (refund-book.ts), checked in this order:
 * - `unclear`: a refund of the loan is undecided (a lost reply), or the history lists a refund the
 *   book cannot explain (the history names no loan, so it may be this one's): nothing moves on
 *   the loan until the admin settles it;
 * - `closed`: closed at the service (HISTORICAL: paid off or refunded), nothing unclear: nothing
 *   of it is left to refund, and it pays no new order;
 * - `refund`: it has a refund: what remains is refunded in full, and it pays no new order;
 * - `pays`: no refund, nothing unclear: it may be its holder's payment (its amount permitting).
 * Every verdict but `pays` carries the reason for the admin.
 */
export type PaidLoanVerdict = { verdict: "pays" } | { verdict: "unclear" | "closed" | "refund"; reason: string }

export function paidLoanVerdict(loan: LoanRecord, cartId: string, { history, book }: Pick<LoanAtService, "history" | "book">): PaidLoanVerdict {
  const reason = refundBlock(loan, cartId, history, book)
  if (!reason) return { verdict: "pays" }
  if (!("remaining" in remainingOn(book, loan)) || unexplained(history, book).length) return { verdict: "unclear", reason }
  if (loan.status === "HISTORICAL") return { verdict: "closed", reason }
  return { verdict: "refund", reason }
}
