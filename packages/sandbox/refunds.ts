import type { RefundRequest } from "./wire"
import type { SandboxContext } from "./context"
import { SandboxError } from "./errors"
import { moveLoan } from "./loans"
import { decimalToCents, numberToCents } from "./money"
import { type Loan, loansOfCart, type Merchant, type Refund } from "./state"

export type RefundOutcome =
  | { kind: "no-paid-loan" }
  | { kind: "rejected"; refundId: number; refundDate: string; reason: string; byFault: boolean }
  | { kind: "accepted"; refund: Refund }

/**
 * A refund, partial or total, of the cart's paid loan, asked through the pos endpoint.
 * More than what is left to refund is REJECTED and leaves no trace but its id; so is one the
 * `refund.rejectNext` fault turns down. Accepted refunds are REQUESTED and settle to REFUNDED
 * after `refundSettleMs` (docs/service-api.md, "Refunds": 200 means accepted, not yet refunded).
 */
export function requestRefund(ctx: SandboxContext, merchant: Merchant, request: RefundRequest): RefundOutcome {
  const loan = paidLoanOf(loansOfCart(ctx.state, merchant.merchantId, request.cartId))
  if (!loan) return { kind: "no-paid-loan" }
  const refundDate = new Date().toISOString()
  const tooMuch = exceedsRefundable(loan, request.totalAmount)
  // The fault is consulted only for a refund that would be accepted, so `rejectNext: 1` rejects exactly one.
  if (tooMuch || ctx.faults.rejectsRefund()) {
    const refundId = ctx.state.nextRefundId++
    ctx.changed()
    const reason = tooMuch ? "totalAmount exceeds what is left to refund" : "fault injected (refund.rejectNext)"
    return { kind: "rejected", refundId, refundDate, reason, byFault: !tooMuch }
  }
  return { kind: "accepted", refund: recordRefund(ctx, loan, request, refundDate) }
}

/**
 * A refund the merchant makes in the service's own portal, not through the API: the store
 * learns of it only from the refund history. Same bookkeeping and settlement as the pos
 * endpoint; what the portal would refuse is an error here, and no fault applies.
 */
export function refundAtService(ctx: SandboxContext, cartId: string, request: Omit<RefundRequest, "cartId">): Refund {
  const loan = paidLoanOf([...ctx.state.loans.values()].filter((candidate) => candidate.cartId === cartId))
  if (!loan) throw new SandboxError(404, `no paid loan for cartId ${cartId}`)
  if (decimalToCents(request.totalAmount) === 0) throw new SandboxError(400, "totalAmount: must be greater than 0")
  if (exceedsRefundable(loan, request.totalAmount)) {
    throw new SandboxError(409, `totalAmount ${request.totalAmount} exceeds what is left to refund of loan ${loan.loanId}`)
  }
  const refund = recordRefund(ctx, loan, { cartId, ...request }, new Date().toISOString())
  ctx.log(`[sandbox] refund ${refund.refundId} of loan ${loan.loanId} made in the service's portal: ${refund.totalAmount}`)
  return refund
}

function recordRefund(ctx: SandboxContext, loan: Loan, request: RefundRequest, refundDate: string): Refund {
  const refund: Refund = {
    refundId: ctx.state.nextRefundId++,
    loanId: loan.loanId,
    cartId: loan.cartId,
    merchantId: loan.merchantId,
    totalAmount: request.totalAmount,
    reason: request.reason,
    status: "REQUESTED",
    refundDate,
    settledAt: null,
    historyDelayMs: ctx.faults.refundHistoryDelayMs(),
  }
  loan.refunds.push(refund)
  ctx.changed()
  scheduleSettlement(ctx, refund, ctx.refundSettleMs)
  // Nothing happens then, but until the history lists the refund the sandbox is not idle.
  if (refund.historyDelayMs !== null) ctx.lifecycle.after(ctx.visibleAfterMs + refund.historyDelayMs, () => undefined)
  return refund
}

/** The latest OUTSTANDING loan, else the latest HISTORICAL one (a cart may hold several loans). */
function paidLoanOf(loans: Loan[]): Loan | undefined {
  const latest = (status: Loan["status"]): Loan | undefined => loans.filter((loan) => loan.status === status).pop()
  return latest("OUTSTANDING") ?? latest("HISTORICAL")
}

function exceedsRefundable(loan: Loan, totalAmount: string): boolean {
  return decimalToCents(totalAmount) > refundableCents(loan)
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
