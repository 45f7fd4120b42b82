import type { MedusaContainer } from "@medusajs/framework/types"
import { withLoanRecorder } from "./loan-recorder"
import type { HandOverScope } from "./provider-context"
import { withRefundSender } from "./refund-sender"
import { ledgerRecorder } from "../ledger/loan-row"
import { bookingSender, ROLLBACK_REFUND } from "../money/refund-book"

/**
 * Runs a cart's completion (the storefront's, or the confirmation's processPaymentWorkflow)
 * under the cart's lock, so that what Medusa's rollback does through the provider reaches the
 * ledger: its refund of a captured payment is booked (refund-book.ts, ROLLBACK_REFUND), and the
 * loan of the session it opens gets its row (loan-recorder.ts). `scope`: the cart, and how long the
 * completion lasts.
 */
export const duringCompletion = <T>(container: MedusaContainer, scope: HandOverScope, work: () => T): T =>
  withRefundSender(bookingSender(container, ROLLBACK_REFUND), scope, () => withLoanRecorder(ledgerRecorder(container), scope, work))
