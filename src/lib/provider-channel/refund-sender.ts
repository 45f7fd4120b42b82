import type { RefundSender } from "../money/refund-book"
import { type HandOverScope, provided, withProvided } from "./provider-context"

/**
 * The plugin's book of refunds, for the provider's `refundPayment`.
 *
 * The provider lives in the payment module's container and cannot reach the ledger, yet every
 * refund must be booked before it is sent (docs/money.md). So the plugin's paths that end in a
 * Medusa refund (the order page's refund, the admin's cancel) run Medusa's workflow inside
 * `withRefundSender`, naming the carts whose locks they hold, and the provider hands a refund of
 * those carts to the sender it finds here: booked, refused while another refund of the loan is
 * unclear, proven by the book's rule after a lost reply. A refund asked of the provider on any
 * other path, or of another cart (a subscriber the workflow's events started), goes to the
 * store's sender (application-container.ts), which books it the same way under its own
 * cart's lock.
 */
const SENDER = Symbol("refund sender")

export const withRefundSender = <T>(send: RefundSender, scope: HandOverScope, work: () => T): T => withProvided(SENDER, send, scope, work)

export const refundSender = (cartId: string): RefundSender | undefined => provided<RefundSender>(SENDER, cartId)
