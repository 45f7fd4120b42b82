import type { Refund } from "../../packages/sandbox"
import { centsToDecimal, decimalToCents } from "../../packages/sandbox/money"
import type { BookRow } from "./facts"

/** What the admin asks the plugin to do with an unclear entry of its book. */
export type Settlement = { action: "record"; amount?: string } | { action: "dismiss"; reason: string }

/** Slack around an entry's own times for the service's date of the refund it stands for (one machine, one clock). */
const SLACK_MS = 2_000

/**
 * How the admin settles an unclear entry of the plugin's book after looking at the service's
 * portal, which lists every refund with its amount, date and reason (the sandbox's own records):
 * - a refund made outside Medusa (`open`) is recorded with the amount the portal shows for its date;
 * - a request of the plugin's whose reply was lost (`unknown`, or `sending` after a crash) is
 *   recorded when the portal shows a refund of its amount and reason made while it was in flight
 *   (between its booking and its last change) that no other entry of the book stands for, and
 *   dismissed when it shows none: it did not happen.
 * Answers `undefined` for an outside entry the portal does not show: the plugin made it up.
 */
export function settlementOf(entry: BookRow, cartRefunds: Refund[], book: BookRow[]): Settlement | undefined {
  if (entry.kind === "outside") {
    const truth = cartRefunds.find((refund) => refund.refundDate === entry.refund_date)
    return truth ? { action: "record", amount: truth.totalAmount } : undefined
  }
  const others = book.filter((other) => other.id !== entry.id)
  const claimedIds = new Set(others.map((other) => other.refund_id).filter(Boolean))
  const claimedDates = new Set(others.map((other) => other.refund_date).filter(Boolean))
  const from = entry.created_at.getTime() - SLACK_MS
  const to = entry.updated_at.getTime() + SLACK_MS
  const applied = cartRefunds.find(
    (refund) =>
      decimalToCents(refund.totalAmount) === entry.amount &&
      refund.reason === entry.reason &&
      Date.parse(refund.refundDate) >= from &&
      Date.parse(refund.refundDate) <= to &&
      !claimedIds.has(String(refund.refundId)) &&
      !claimedDates.has(refund.refundDate),
  )
  if (applied) return { action: "record" }
  return { action: "dismiss", reason: `the service's portal shows no refund of ${centsToDecimal(entry.amount ?? 0)} at that time` }
}
