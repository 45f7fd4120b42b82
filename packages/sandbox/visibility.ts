import type { SandboxContext } from "./context"
import { UNPAID_CUSTOMER } from "./customer"
import type { Loan, Refund } from "./state"

/**
 * What the service's read endpoints show, `visibleAfterMs` behind what happened: nothing in the
 * documentation says a payment or a refund shows the instant it is made.
 */
const shown = (ctx: SandboxContext, at: string | null, extraMs = 0): boolean => !at || Date.now() - Date.parse(at) >= ctx.visibleAfterMs + extraMs

/** The loan as the status query shows it now: a payment too recent to show leaves it unpaid. */
export function shownLoan(ctx: SandboxContext, loan: Loan): Loan {
  if (loan.status !== "OUTSTANDING" || shown(ctx, loan.authorizeDate)) return loan
  return { ...loan, status: "REQUEST", customer: { ...UNPAID_CUSTOMER } }
}

/** Whether the refund history lists the refund yet. */
export const refundShown = (ctx: SandboxContext, refund: Refund): boolean =>
  refund.historyDelayMs !== null && shown(ctx, refund.refundDate, refund.historyDelayMs)
