import { provided, withProvided } from "../../lib/provider-channel/provider-context"
import type { LoanRecord } from "../../lib/service/wire"

/**
 * The status query the confirmation has just made, for the authorization that follows it.
 *
 * The confirmation (src/workflows/confirm-loan.ts) queries the loan's status under the cart's
 * lock, then runs Medusa's processPaymentWorkflow, which calls authorizePayment, which would
 * query the same status again a few milliseconds later: one more request to the service for
 * every paid loan. Within that one call, and only for that loan,
 * the provider takes the answer it was given. The storefront's completion, a capture and a
 * cancel still ask the service themselves.
 */
const CONFIRMED = Symbol("confirmed loan")

/** `cartId`: the cart the service knows the loan by. */
export const withConfirmedLoan = <T>(loan: LoanRecord, cartId: string, work: () => Promise<T>): Promise<T> =>
  withProvided(CONFIRMED, loan, { carts: [cartId] }, work)

export function confirmedLoan(loanId: number, cartId: string): LoanRecord | undefined {
  const loan = provided<LoanRecord>(CONFIRMED, cartId)
  return loan?.loanId === loanId ? loan : undefined
}
