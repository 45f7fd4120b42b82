import type { SandboxContext } from "./context"
import { isPaid, moveLoan } from "./loans"
import { type Loan, loansOfCart, type Merchant } from "./state"

export type CancelOutcome = { kind: "cancelled"; requestDate: string; updateDate: string } | { kind: "paid" } | { kind: "unknown-cart" }

/**
 * The merchant cancels a cart's unpaid loans (all of them, or only the newest: `cancelTouches`) (docs/service-api.md, "Cancel": only unpaid loans
 * can be cancelled; a paid one must be refunded). Cancelling again answers the same way, so a
 * retried cancellation is harmless. `requestDate` is when the (latest) loan was requested,
 * `updateDate` when it was cancelled.
 */
export function cancelCart(ctx: SandboxContext, merchant: Merchant, cartId: string): CancelOutcome {
  const loans = loansOfCart(ctx.state, merchant.merchantId, cartId)
  if (loans.length === 0) return { kind: "unknown-cart" }
  const unpaid = loans.filter((loan) => loan.status === "REQUEST")
  const pending = ctx.cancelTouches === "latest" ? unpaid.slice(-1) : unpaid
  if (pending.length > 0) {
    pending.forEach((loan) => moveLoan(ctx, loan, "CANCELLED"))
    return cancelled(pending)
  }
  if (loans.some(isPaid)) return { kind: "paid" }
  return cancelled(loans)
}

function cancelled(loans: Loan[]): CancelOutcome {
  const latest = (dates: string[]): string => dates.reduce((a, b) => (a > b ? a : b))
  return {
    kind: "cancelled",
    requestDate: latest(loans.map((loan) => loan.createdAt)),
    updateDate: latest(loans.map((loan) => loan.updatedAt)),
  }
}
