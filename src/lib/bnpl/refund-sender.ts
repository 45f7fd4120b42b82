import { type HandOverScope, provided, withProvided } from "./provider-context"

/** One refund Medusa asks the provider for, as the plugin's book takes it. */
export interface RefundAsked {
  cartId: string
  loanId: number
  totalAmount: string
  /** Medusa's refund record, made before the provider is called: the request's key. */
  medusaRefundId: string
}

/** Books the refund, sends it once, and resolves when the service accepted it; throws otherwise. */
export type RefundSender = (refund: RefundAsked) => Promise<void>

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
 * store's sender (lib/ledger/store-refund-sender.ts), which books it the same way under its own
 * cart's lock.
 */
const SENDER = Symbol("refund sender")

export const withRefundSender = <T>(send: RefundSender, scope: HandOverScope, work: () => T): T => withProvided(SENDER, send, scope, work)

export const refundSender = (cartId: string): RefundSender | undefined => provided<RefundSender>(SENDER, cartId)
