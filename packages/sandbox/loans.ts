import { randomBytes } from "node:crypto"
import type { LoanRequest, LoanStatus, PosLoanRequest } from "./wire"
import type { SandboxContext } from "./context"
import { UNPAID_CUSTOMER } from "./customer"
import { SandboxError } from "./errors"
import type { Loan, Merchant } from "./state"

/** `posRequest` is the in-store request a loan was made from, when it was (in-store.ts). */
export function createLoan(ctx: SandboxContext, merchant: Merchant, request: LoanRequest, posRequest?: PosLoanRequest): Loan {
  const now = new Date().toISOString()
  const loan: Loan = {
    loanId: ctx.state.nextLoanId++,
    cartId: request.cartId,
    merchantId: merchant.merchantId,
    status: "REQUEST",
    request,
    ...(posRequest ? { posRequest } : {}),
    installments: ctx.installments,
    createdAt: now,
    updatedAt: now,
    authorizeDate: null,
    customer: { ...UNPAID_CUSTOMER },
    checkoutToken: randomBytes(16).toString("hex"),
    expired: false,
    refunds: [],
  }
  ctx.state.loans.set(loan.loanId, loan)
  ctx.changed()
  return loan
}

export function findLoan(ctx: SandboxContext, loanId: number): Loan {
  const loan = ctx.state.loans.get(loanId)
  if (!loan) throw new SandboxError(404, `no loan ${loanId}`)
  return loan
}

export function checkoutUrl(ctx: SandboxContext, loan: Loan): string {
  return `${ctx.publicUrl()}/checkout/${loan.loanId}?token=${loan.checkoutToken}`
}

export function moveLoan(ctx: SandboxContext, loan: Loan, status: LoanStatus): void {
  loan.status = status
  loan.updatedAt = new Date().toISOString()
  ctx.changed()
}

/**
 * HISTORICAL is a loan that was paid and is now closed (paid off, or refunded in full): still
 * paid, so it can be refunded but never cancelled (docs/service-api.md, "Status").
 */
export function isPaid(loan: Pick<Loan, "status">): boolean {
  return loan.status === "OUTSTANDING" || loan.status === "HISTORICAL"
}

export function merchantOf(ctx: SandboxContext, loan: Loan): Merchant {
  const merchant = ctx.state.merchants.find((candidate) => candidate.merchantId === loan.merchantId)
  if (!merchant) throw new SandboxError(404, `loan ${loan.loanId} belongs to unknown merchant ${loan.merchantId}`)
  return merchant
}
