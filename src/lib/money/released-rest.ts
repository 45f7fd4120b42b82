import { exactDifference, toCents } from "../service/money"
import { centsToDecimal } from "../service/refunds"
import type { OrderPayment } from "../medusa/queries"

/**
 * What a loan holds at the service beyond what its order counts, once Medusa released the
 * uncaptured rest of its payment (queries.ts, `restReleased`): the loan's total less its refunds
 * by the book, less what Medusa captured and did not refund. Cents; below zero when the service
 * holds less than the order counts.
 */
export function uncountedRest(payment: OrderPayment, loan: { totalAmount: string }, refundedByBook: string): bigint {
  const held = toCents(loan.totalAmount) - toCents(refundedByBook)
  return held - countedByOrder(payment)
}

/** What the order counts of its loan's payment: what Medusa captured and did not refund, in cents. */
export function countedByOrder(payment: OrderPayment): bigint {
  return toCents(exactDifference(payment.captured, payment.refunded))
}

/** Why such a loan is listed, and what the admin does about it. */
export function releasedRestReason(payment: OrderPayment, rest: bigint): string {
  const loanId = payment.session.loan_id
  const counted = centsToDecimal(countedByOrder(payment))
  const what =
    `Medusa cancelled the uncaptured rest of loan ${loanId}'s payment while order ${payment.orderId} stays (an order change after a partial capture): ` +
    `the order counts ${counted} of the loan and asks what it still costs in a new collection.`
  if (rest > 0n)
    return `${what} The loan holds ${centsToDecimal(rest)} more at the service: *Refund in full* on this page refunds that rest, and the order keeps what it captured.`
  return `${what} The service holds ${centsToDecimal(-rest)} less than that (a refund made in the service's portal?): check the loan in the portal.`
}
