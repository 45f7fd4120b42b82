import { BnplClient, BnplServiceError } from "./client"
import { toCents, toDecimal } from "./money"
import { isPaid } from "./status"
import type { LoanRecord, RefundRecord } from "./wire"

/**
 * Refunds at the service, exactly once per request.
 *
 * The service's refund endpoint promises nothing about idempotency keys, and a
 * refund whose reply is lost (time-out, reset, 5xx) may or may not have been
 * applied. So the refund history decides (docs/service-api.md, "Refunds"): it
 * is read before the request, and after an ambiguous failure; a refund that
 * appeared in between is this one. Only when the history proves the first
 * request was not applied is it sent again, once.
 */

export class RefundRejectedError extends Error {
  constructor(
    readonly cartId: string,
    readonly totalAmount: string,
  ) {
    super(`the service rejected the refund of ${totalAmount} on cart ${cartId}; it may exceed what remains refundable`)
    this.name = "RefundRejectedError"
  }
}

export interface RefundDone {
  refundId?: number | string
  /** True when the reply was lost and the history showed the refund applied. */
  recovered: boolean
}

export async function refundOnce(
  client: BnplClient,
  request: { cartId: string; totalAmount: string; reason: string },
  idempotencyKey: string,
): Promise<RefundDone> {
  const before = await client.getRefunds(request.cartId)
  for (let attempt = 1; ; attempt++) {
    try {
      const reply = await client.refund(request, idempotencyKey)
      if (reply.refundStatus === "REJECTED") throw new RefundRejectedError(request.cartId, request.totalAmount)
      return { refundId: reply.refundId, recovered: false }
    } catch (error) {
      if (!isAmbiguous(error)) throw error
      const applied = appliedSince(before, await client.getRefunds(request.cartId), request.totalAmount)
      if (applied) return { refundId: applied.refundId, recovered: true }
      if (attempt >= 2) throw error
    }
  }
}

/** A failure after which the service may or may not have applied the request. */
export function isAmbiguous(error: unknown): boolean {
  if (!(error instanceof BnplServiceError)) return false
  return error.kind === "timeout" || error.kind === "network" || (error.kind === "http" && !error.isRefusal)
}

/** The entry of `after` that is not in `before` and could be this refund. */
function appliedSince(before: RefundRecord[], after: RefundRecord[], totalAmount: string): RefundRecord | undefined {
  const known = new Set(before.map(identity))
  return after
    .filter((entry) => !known.has(identity(entry)))
    .find((entry) => !entry.totalAmount || toCents(entry.totalAmount) === toCents(totalAmount))
}

const identity = (entry: RefundRecord) => (entry.refundId !== undefined ? `id:${entry.refundId}` : `at:${entry.refundDate}`)

/**
 * The refunds of one loan. The history is per cart and does not name the
 * loan, and a cart may hold an earlier loan refunded in full (a paid loan
 * replaced by a new one). A refund belongs to the paid loan that was the
 * latest one paid when it was made: the one paid at or before its date.
 */
export function refundsOfLoan(history: RefundRecord[], loans: LoanRecord[], loanId: number): RefundRecord[] {
  const paid = loans.filter(isPaid).sort((a, b) => Date.parse(a.authorizeDate) - Date.parse(b.authorizeDate))
  const index = paid.findIndex((loan) => loan.loanId === loanId)
  if (index < 0) return []
  const from = Date.parse(paid[index].authorizeDate)
  const until = index + 1 < paid.length ? Date.parse(paid[index + 1].authorizeDate) : Infinity
  return history.filter((entry) => {
    const at = Date.parse(entry.refundDate)
    return at >= from && at < until
  })
}

/** What the history shows refunded, decimal. Entries without an amount count as nothing known. */
export function refundedTotal(entries: RefundRecord[]): string {
  const cents = entries.reduce((sum, entry) => sum + (entry.totalAmount ? toCents(entry.totalAmount) : 0n), 0n)
  return centsToDecimal(cents)
}

/** What remains refundable on a paid loan: its total less its refunds. */
export function refundableOn(loan: LoanRecord, refunds: RefundRecord[]): string {
  const left = toCents(loan.totalAmount) - toCents(refundedTotal(refunds))
  return centsToDecimal(left > 0n ? left : 0n)
}

export function centsToDecimal(cents: bigint): string {
  const negative = cents < 0n
  const abs = negative ? -cents : cents
  return `${negative ? "-" : ""}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`
}

export const isZero = (decimal: string) => toCents(decimal) === 0n

export { toDecimal }
