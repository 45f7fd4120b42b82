import { z } from "zod"
import { channelOf, type LoanChannel } from "../../../../modules/bnpl/holder"
import type { LedgerActivity, ReconcileCount } from "../../../../modules/bnpl/types"

/** Webhook deliveries and reconciliation runs are kept 30 days (jobs/prune-webhook-deliveries.ts, reconciliation/run.ts). */
export const MAX_DAYS = 30

export const ActivityQuery = z.strictObject({
  days: z.coerce.number().int().min(1).max(MAX_DAYS).default(7),
})
export type ActivityQuery = z.infer<typeof ActivityQuery>

/** One count per day of `days`, oldest first. */
type Daily = number[]

/**
 * `GET /admin/bnpl/activity`: what the ledger holds per UTC day, for the admin's charts. The
 * same quantities the OpenTelemetry metrics count (docs/observability.md), read from the ledger
 * so that a store with no metrics backend sees them too.
 */
export interface ActivityJson {
  /** `YYYY-MM-DD`, UTC, oldest first; today last. */
  days: string[]
  loans_created: Record<LoanChannel, Daily>
  /** The book's entries by state, by the day they were booked. */
  refunds: Record<string, Daily>
  /** By outcome (the webhook's verdict), by the day they came. */
  webhook_deliveries: Record<string, Daily>
  reconciliations: { runs: Daily; settled: Daily; failed_runs: Daily; longest_seconds: Array<number | null> }
  /** Loans by the day they were created, split by the state they are in now. */
  loans_by_state: Record<string, Daily>
  /**
   * What needed the admin at each day's end: the attention list's length and the unclear refunds, as
   * the day's last reconciliation run counted them (null on a day with no run that counted), and today
   * as they are now.
   */
  watched: { attention: Array<number | null>; unclear_refunds: Array<number | null> }
  /**
   * A cart's paid loans by the day their order was placed: how many, and the median and p95 (nearest
   * rank) of the seconds from the first authenticated webhook naming the loan to the order. Null on a
   * day with none; 0 when the order came first (the storefront completed the cart before the webhook).
   */
  paid_to_order: { orders: Daily; median_seconds: Array<number | null>; p95_seconds: Array<number | null> }
}

/** What a run settled: the loans it confirmed, cancelled, refunded or listed, the refunds it recorded, the rows it gave. */
const SETTLED: ReconcileCount[] = ["authorized", "cancelled", "refunded", "needs_attention", "refunds_recorded", "backfilled"]

export function daysUntil(today: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) => new Date(today.getTime() - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10))
}

/**
 * `orderedAt`: when each order of `activity.paidOrders` was placed (Medusa's order, read by the
 * route); a loan whose order it lacks, or with no webhook, counts in no delay.
 */
export function activityJson(activity: LedgerActivity, days: string[], orderedAt: Map<string, Date> = new Map()): ActivityJson {
  const index = new Map(days.map((day, i) => [day, i]))
  const zeros = () => days.map(() => 0)
  const add = (series: Record<string, Daily>, key: string, day: string, count: number) => {
    const at = index.get(day)
    if (at === undefined) return
    ;(series[key] ??= zeros())[at] += count
  }
  const loans: Record<LoanChannel, Daily> = { web: zeros(), balance: zeros(), phone: zeros() }
  for (const row of activity.loans) add(loans, channelOf(row.holder, row.own_cart_id), row.day, row.count)
  const refunds: Record<string, Daily> = {}
  for (const row of activity.refunds) add(refunds, row.state, row.day, row.count)
  const deliveries: Record<string, Daily> = {}
  for (const row of activity.deliveries) add(deliveries, row.outcome, row.day, row.count)
  const runs = { runs: zeros(), settled: zeros(), failed_runs: zeros(), longest_seconds: days.map((): number | null => null) }
  for (const run of activity.runs) {
    const at = index.get(run.day)
    if (at === undefined) continue
    runs.runs[at]++
    if (run.status === "failed") runs.failed_runs[at]++
    runs.settled[at] += SETTLED.reduce((sum, key) => sum + (run.summary?.[key] ?? 0), 0)
    if (run.seconds !== null) runs.longest_seconds[at] = Math.max(runs.longest_seconds[at] ?? 0, run.seconds)
  }
  const states: Record<string, Daily> = {}
  for (const row of activity.loanStates) add(states, row.state, row.day, row.count)
  return {
    days,
    loans_created: loans,
    refunds,
    webhook_deliveries: deliveries,
    reconciliations: runs,
    loans_by_state: states,
    watched: watchedByDay(activity, index, days.length),
    paid_to_order: paidToOrder(activity.paidOrders, orderedAt, index, days.length),
  }
}

function watchedByDay(activity: LedgerActivity, index: Map<string, number>, count: number): ActivityJson["watched"] {
  const watched: ActivityJson["watched"] = { attention: Array(count).fill(null), unclear_refunds: Array(count).fill(null) }
  // Runs come oldest first: a day keeps its last run's count.
  for (const run of activity.runs) {
    const at = index.get(run.day)
    if (at === undefined || !run.summary?.watched) continue
    watched.attention[at] = run.summary.watched.attention
    watched.unclear_refunds[at] = run.summary.watched.unclear_refunds
  }
  watched.attention[count - 1] = activity.watched.attention
  watched.unclear_refunds[count - 1] = activity.watched.unclear_refunds
  return watched
}

function paidToOrder(
  paid: LedgerActivity["paidOrders"],
  orderedAt: Map<string, Date>,
  index: Map<string, number>,
  count: number,
): ActivityJson["paid_to_order"] {
  const delays: number[][] = Array.from({ length: count }, () => [])
  for (const loan of paid) {
    const ordered = orderedAt.get(loan.order_id)
    if (!ordered || !loan.paid_at) continue
    const at = index.get(ordered.toISOString().slice(0, 10))
    if (at === undefined) continue
    delays[at].push(Math.max(0, ordered.getTime() - new Date(loan.paid_at).getTime()) / 1000)
  }
  const sorted = delays.map((day) => [...day].sort((a, b) => a - b))
  return {
    orders: delays.map((day) => day.length),
    median_seconds: sorted.map((day) => (day.length ? round(median(day)) : null)),
    p95_seconds: sorted.map((day) => (day.length ? round(day[Math.ceil(0.95 * day.length) - 1]) : null)),
  }
}

const median = (sorted: number[]): number => {
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** To the tenth of a second: what a chart shows, and what a test compares. */
const round = (seconds: number): number => Math.round(seconds * 10) / 10
