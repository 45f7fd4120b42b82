import type { RefundRequest } from "../providers/bnpl/wire"
import type { SandboxContext } from "./context"
import { moveLoan } from "./loans"
import { decimalToCents, numberToCents } from "./money"
import { type Loan, loansOfCart, type Merchant, type Refund } from "./state"

export type RefundOutcome =
  | { kind: "no-paid-loan" }
  | { kind: "decided"; refundId: number; refundStatus: "REQUESTED" | "REJECTED"; refundDate: string }

/**
 * A refund, partial or total, of the cart's paid loan. More than what is left to refund is
 * REJECTED and leaves no trace but its id. Accepted refunds are REQUESTED and settle to
 * REFUNDED after `refundSettleMs` (service-api.md: 200 means accepted, not yet refunded).
 */
export function requestRefund(ctx: SandboxContext, merchant: Merchant, request: RefundRequest): RefundOutcome {
  const loan = paidLoanOf(loansOfCart(ctx.state, merchant.merchantId, request.cartId))
  if (!loan) return { kind: "no-paid-loan" }
  const refundId = ctx.state.nextRefundId++
  const refundDate = new Date().toISOString()
  if (decimalToCents(request.totalAmount) > refundableCents(loan)) {
    ctx.changed()
    return { kind: "decided", refundId, refundStatus: "REJECTED", refundDate }
  }
  const refund: Refund = {
    refundId,
    loanId: loan.loanId,
    cartId: loan.cartId,
    merchantId: loan.merchantId,
    totalAmount: request.totalAmount,
    reason: request.reason,
    status: "REQUESTED",
    refundDate,
    settledAt: null,
  }
  loan.refunds.push(refund)
  ctx.changed()
  scheduleSettlement(ctx, refund, ctx.refundSettleMs)
  return { kind: "decided", refundId, refundStatus: "REQUESTED", refundDate }
}

/** The latest OUTSTANDING loan, else the latest HISTORICAL one (a cart may hold several loans). */
function paidLoanOf(loans: Loan[]): Loan | undefined {
  const latest = (status: Loan["status"]): Loan | undefined => loans.filter((loan) => loan.status === status).pop()
  return latest("OUTSTANDING") ?? latest("HISTORICAL")
}

export function refundableCents(loan: Loan): number {
  const refunded = loan.refunds.reduce((sum, refund) => sum + decimalToCents(refund.totalAmount), 0)
  return numberToCents(loan.request.totalPrice) - refunded
}

export function scheduleSettlement(ctx: SandboxContext, refund: Refund, delayMs: number): void {
  ctx.lifecycle.after(delayMs, () => settle(ctx, refund))
}

/**
 * A loan whose whole amount came back becomes HISTORICAL (closed), once every refund has
 * settled: the status query then still counts it as paid, and never as outstanding.
 */
function settle(ctx: SandboxContext, refund: Refund): void {
  const loan = ctx.state.loans.get(refund.loanId)
  if (!loan || !loan.refunds.includes(refund)) return
  refund.status = "REFUNDED"
  refund.settledAt = new Date().toISOString()
  const allSettled = loan.refunds.every((candidate) => candidate.status === "REFUNDED")
  if (allSettled && refundableCents(loan) === 0) moveLoan(ctx, loan, "HISTORICAL")
  ctx.changed()
  ctx.log(`[sandbox] refund ${refund.refundId} of loan ${loan.loanId} settled: REFUNDED`)
}
