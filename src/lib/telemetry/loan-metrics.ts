import type { LedgerLoan } from "../../modules/bnpl/types"
import { loanChannel } from "../../modules/bnpl/holder"
import { ATTR } from "./attributes"
import { instruments } from "./instruments"

type Row = Pick<LedgerLoan, "holder" | "service_cart_id" | "payment_collection_id" | "state" | "order_id" | "completion_started_at">

/**
 * Counts what a write to a ledger row did (none before it for a new row), with the rules the
 * plugin's events follow (lib/ledger/events.ts): a loan is paid when it becomes an order's payment.
 * Counted when the ledger records the change: a workflow that fails after it, and whose
 * compensation undoes it, has still counted it.
 */
export function countLoanChange(before: Row | undefined, after: Row, now = Date.now()): void {
  const metrics = instruments()
  if (!metrics.on) return
  const attributes = { [ATTR.CHANNEL]: loanChannel(after) }
  if (!before) metrics.loansCreated.add(1, attributes)
  if (after.order_id && !before?.order_id) {
    metrics.loansPaid.add(1, attributes)
    const seenPaidAt = before?.completion_started_at
    if (seenPaidAt) metrics.paidToOrderDelay.record(Math.max(0, now - new Date(seenPaidAt).getTime()) / 1000, attributes)
  }
  if (after.state === "cancelled" && before?.state !== "cancelled") metrics.loansCancelled.add(1, attributes)
  if (after.state === "refunded" && before?.state !== "refunded") metrics.loansRefunded.add(1, attributes)
}
