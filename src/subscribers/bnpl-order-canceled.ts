import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { ledgerOf } from "../lib/ledger/ledger"
import { awaitedLoansOfOrder } from "../lib/ledger/loans-of-order"
import { cancelAbandonedLoanWorkflow } from "../workflows/cancel-abandoned-loan"
import { cancelRefundWorkflow } from "../workflows/cancel-refund"
import { endOrderLinks } from "../workflows/end-order-links"
import { refundCheckWorkflow } from "../workflows/refund-check"

/**
 * An order a loan paid was cancelled. Through the admin's cancel the loan is refunded already
 * (src/api/admin/orders/cancel-with-loans.ts); an order the store's own code cancelled gets what
 * remains refunded now. Then the refund check brings the ledger up to date at once instead of at
 * the next reconciliation, and lists a loan the cancel left unrefunded.
 *
 * A link of the order's balance still out (a payment link, a sale by phone) is cancelled at the
 * service first, as the admin's cancel does before it cancels.
 *
 * An order placed before its financing (`orderBeforeFinancing`) has no loan paid yet: its loan
 * is cancelled at the service, so the shopper can no longer pay it. One paid meanwhile is left
 * open: nothing can authorize it on a cancelled order, and reconciliation refunds it in full
 * (or lists it) as a loan no order holds.
 */
export default async function bnplOrderCanceled({ event, container }: SubscriberArgs<{ id: string }>) {
  await endLinksOfCancelledOrder(container, event.data.id)
  const rows = await ledgerOf(container).listBnplLoans({ order_id: event.data.id }, { select: ["id"] })
  if (!rows.length) return cancelAwaitedLoans(container, event.data.id)
  await cancelRefundWorkflow(container).run({ input: { order_id: event.data.id } })
  for (const row of rows) await refundCheckWorkflow(container).run({ input: { ledger_id: row.id } })
}

/** The store's own cancel does not pass the admin route's check: its links still out are ended now, or left to reconciliation. */
async function endLinksOfCancelledOrder(container: SubscriberArgs["container"], orderId: string): Promise<void> {
  const payable = await endOrderLinks(container, orderId)
  for (const link of payable) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`[bnpl] order ${orderId} was cancelled, but ${link.what} of its balance is still payable (${link.why}): reconciliation cancels it`)
  }
}

async function cancelAwaitedLoans(container: SubscriberArgs["container"], orderId: string): Promise<void> {
  const { rows } = await awaitedLoansOfOrder(container, orderId)
  const reason = `order ${orderId} was cancelled before the loan was paid`
  for (const row of rows) await cancelAbandonedLoanWorkflow(container).run({ input: { ledger_id: row.id, reason } })
}

export const config: SubscriberConfig = { event: "order.canceled" }
