import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ledgerOf } from "../lib/ledger/ledger"
import { cancelRefundWorkflow } from "../workflows/cancel-refund"
import { refundCheckWorkflow } from "../workflows/refund-check"

/**
 * An order a loan paid was cancelled. Through the admin's cancel the loan is refunded already
 * (src/api/admin/orders/cancel-with-loans.ts); an order the store's own code cancelled gets what
 * remains refunded now. Then the refund check brings the ledger up to date at once instead of at
 * the next reconciliation, and lists a loan the cancel left unrefunded.
 */
export default async function bnplOrderCanceled({ event, container }: SubscriberArgs<{ id: string }>) {
  const rows = await ledgerOf(container).listBnplLoans({ order_id: event.data.id }, { select: ["id"] })
  if (!rows.length) return
  await cancelRefundWorkflow(container).run({ input: { order_id: event.data.id } })
  for (const row of rows) await refundCheckWorkflow(container).run({ input: { ledger_id: row.id } })
}

export const config: SubscriberConfig = { event: "order.canceled" }
