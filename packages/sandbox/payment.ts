import type { SandboxContext } from "./context"
import { customerFromBuyer } from "./customer"
import { SandboxError } from "./errors"
import { SandboxClosedError } from "./lifecycle"
import { findLoan, moveLoan } from "./loans"
import type { Loan, WebhookDelivery } from "./state"
import { notifyPayment } from "./webhook/sender"

/**
 * The customer pays the first installment: the loan becomes OUTSTANDING (`Activo` is the
 * outstanding state: docs/service-api.md, "Webhook"), the customer becomes known, and the
 * merchant is notified once the status query shows the payment (`visibleAfterMs`).
 * Resolves once the first webhook attempt is over; retries continue in the background.
 */
export function payLoan(ctx: SandboxContext, loanId: number): Promise<WebhookDelivery> {
  const loan = findLoan(ctx, loanId)
  assertPayable(loan)
  loan.customer = customerFromBuyer(loan.request.buyer)
  loan.authorizeDate = new Date().toISOString()
  moveLoan(ctx, loan, "OUTSTANDING")
  ctx.log(`[sandbox] loan ${loan.loanId} paid (cart ${loan.cartId})`)
  return new Promise((resolve, reject) => {
    const { signal } = ctx.lifecycle
    if (signal.aborted) return reject(new SandboxClosedError())
    const onAbort = (): void => reject(new SandboxClosedError())
    signal.addEventListener("abort", onAbort, { once: true })
    // Through `after`, so that the sandbox is not idle until the webhook's first attempt is over.
    ctx.lifecycle.after(ctx.answers.webhookBeforeStatus ? 0 : ctx.visibleAfterMs, () => {
      signal.removeEventListener("abort", onAbort)
      return notifyPayment(ctx, loan).then(resolve, reject)
    })
  })
}

export function assertPayable(loan: Loan): void {
  if (loan.status !== "REQUEST") {
    throw new SandboxError(409, `loan ${loan.loanId} cannot be paid: its status is ${loan.status}`)
  }
  if (loan.expired) throw new SandboxError(409, `loan ${loan.loanId} cannot be paid: its checkout link expired`)
}

/** The customer is refused: REQUEST -> CANCELLED, and no webhook (docs/service-api.md, "Webhook"). */
export function declineLoan(ctx: SandboxContext, loanId: number): Loan {
  const loan = findLoan(ctx, loanId)
  if (loan.status !== "REQUEST") {
    throw new SandboxError(409, `loan ${loan.loanId} cannot be declined: its status is ${loan.status}`)
  }
  moveLoan(ctx, loan, "CANCELLED")
  ctx.log(`[sandbox] loan ${loan.loanId} declined (cart ${loan.cartId})`)
  return loan
}

/** The checkout link stops working; the status stays REQUEST, since the service never cancels by itself. */
export function expireLoan(ctx: SandboxContext, loanId: number): Loan {
  const loan = findLoan(ctx, loanId)
  loan.expired = true
  ctx.changed()
  ctx.log(`[sandbox] loan ${loan.loanId} checkout link expired (status stays ${loan.status})`)
  return loan
}
