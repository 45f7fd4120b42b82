import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ledgerOf } from "../lib/ledger/ledger"
import { refundCheckWorkflow } from "../workflows/refund-check"

/**
 * A cancelled order's loan was refunded by the provider (cancel or refund of
 * its payment); the refund check brings the ledger up to date at once
 * instead of at the next reconciliation.
 */
export default async function bnplOrderCanceled({ event, container }: SubscriberArgs<{ id: string }>) {
  const rows = await ledgerOf(container).listBnplLoans({ order_id: event.data.id }, { select: ["id"] })
  for (const row of rows) await refundCheckWorkflow(container).run({ input: { ledger_id: row.id } })
}

export const config: SubscriberConfig = { event: "order.canceled" }
