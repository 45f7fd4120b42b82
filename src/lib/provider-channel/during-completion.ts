import type { MedusaContainer } from "@medusajs/framework/types"
import type { HandOverScope } from "./provider-context"
import { withRefundSender } from "./refund-sender"
import { bookingSender, ROLLBACK_REFUND } from "../money/refund-book"

/**
 * Runs a cart's completion (the storefront's, or the confirmation's processPaymentWorkflow)
 * under the cart's lock, so that what Medusa's rollback does through the provider reaches the
 * ledger: its refund of a captured payment is booked (refund-book.ts, ROLLBACK_REFUND). `scope`: the cart, and how long the
 * completion lasts.
 */
export const duringCompletion = <T>(container: MedusaContainer, scope: HandOverScope, work: () => T): T =>
  withRefundSender(bookingSender(container, ROLLBACK_REFUND), scope, work)
