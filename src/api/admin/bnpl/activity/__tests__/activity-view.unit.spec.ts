import { ActivityQuery, activityJson, daysUntil } from "../activity-view"
import type { LedgerActivity, ReconcileSummary } from "../../../../../modules/bnpl/types"

const summary = (counts: Partial<ReconcileSummary>): ReconcileSummary => ({
  checked: 0,
  authorized: 0,
  cancelled: 0,
  pending: 0,
  failed: 0,
  needs_attention: 0,
  refunded: 0,
  refunds_recorded: 0,
  backfilled: 0,
  ...counts,
})

describe("the admin's activity", () => {
  const days = daysUntil(new Date("2026-12-05T13:00:00Z"), 3)

  it("names the days, oldest first, today last", () => {
    expect(days).toEqual(["2026-12-03", "2026-12-04", "2026-12-05"])
  })

  it("puts each count on its day, loans by channel, and leaves out days outside the range", () => {
    const activity: LedgerActivity = {
      loans: [
        { day: "2026-12-03", holder: "cart", own_cart_id: false, count: 4 },
        { day: "2026-12-05", holder: "order_balance", own_cart_id: true, count: 1 },
        { day: "2026-12-05", holder: "order_balance", own_cart_id: false, count: 2 },
        { day: "2026-12-01", holder: "cart", own_cart_id: false, count: 9 },
      ],
      refunds: [{ day: "2026-12-04", state: "unknown", count: 1 }],
      deliveries: [
        { day: "2026-12-05", outcome: "authorized", count: 3 },
        { day: "2026-12-05", outcome: "rejected", count: 1 },
      ],
      runs: [
        { day: "2026-12-03", status: "done", seconds: 1, summary: summary({ checked: 1, watched: { attention: 2, unclear_refunds: 1 } }) },
        { day: "2026-12-04", status: "done", seconds: 2.5, summary: summary({ checked: 7, authorized: 1, cancelled: 2, pending: 4 }) },
        { day: "2026-12-04", status: "failed", seconds: 40, summary: null },
        { day: "2026-12-05", status: "running", seconds: null, summary: null },
      ],
      loanStates: [
        { day: "2026-12-03", state: "ordered", count: 3 },
        { day: "2026-12-03", state: "needs_attention", count: 1 },
        { day: "2026-12-05", state: "open", count: 3 },
      ],
      paidOrders: [],
      watched: { attention: 1, unclear_refunds: 0 },
    }
    expect(activityJson(activity, days)).toEqual({
      days,
      loans_created: { web: [4, 0, 0], balance: [0, 0, 1], phone: [0, 0, 2] },
      refunds: { unknown: [0, 1, 0] },
      webhook_deliveries: { authorized: [0, 0, 3], rejected: [0, 0, 1] },
      reconciliations: { runs: [1, 2, 1], settled: [0, 3, 0], failed_runs: [0, 1, 0], longest_seconds: [1, 40, null] },
      loans_by_state: { ordered: [3, 0, 0], needs_attention: [1, 0, 0], open: [0, 0, 3] },
      // The 3rd's run counted; the 4th's recorded before runs counted (none); today is now.
      watched: { attention: [2, null, 1], unclear_refunds: [1, null, 0] },
      paid_to_order: { orders: [0, 0, 0], median_seconds: [null, null, null], p95_seconds: [null, null, null] },
    })
  })

  it("measures paid → order from the first webhook to the order, on the order's day, median and p95 by nearest rank", () => {
    const at = (iso: string) => new Date(iso)
    const paidOrders = [
      ...Array.from({ length: 20 }, (_, i) => ({ loan_id: i, order_id: `order_${i}`, paid_at: at("2026-12-04T10:00:00Z") })),
      // The storefront completed the cart before the webhook came: no wait.
      { loan_id: 20, order_id: "order_20", paid_at: at("2026-12-05T10:00:05Z") },
      { loan_id: 21, order_id: "order_21", paid_at: at("2026-12-05T10:00:00Z") },
      // No webhook, or an order Medusa no longer has: counted nowhere.
      { loan_id: 22, order_id: "order_22", paid_at: null },
      { loan_id: 23, order_id: "gone", paid_at: at("2026-12-05T10:00:00Z") },
    ]
    const orderedAt = new Map<string, Date>([
      ...Array.from({ length: 20 }, (_, i): [string, Date] => [`order_${i}`, at(`2026-12-04T10:00:${String(i + 1).padStart(2, "0")}Z`)]),
      ["order_20", at("2026-12-05T10:00:00Z")],
      ["order_21", at("2026-12-05T10:00:03Z")],
      ["order_22", at("2026-12-05T10:00:00Z")],
    ])
    const activity: LedgerActivity = {
      loans: [],
      refunds: [],
      deliveries: [],
      runs: [],
      loanStates: [],
      paidOrders,
      watched: { attention: 0, unclear_refunds: 0 },
    }
    expect(activityJson(activity, days, orderedAt).paid_to_order).toEqual({
      orders: [0, 20, 2],
      median_seconds: [null, 10.5, 1.5],
      p95_seconds: [null, 19, 3],
    })
  })

  it("takes 1 to 30 days, 7 by default", () => {
    expect(ActivityQuery.parse({})).toEqual({ days: 7 })
    expect(ActivityQuery.parse({ days: "30" })).toEqual({ days: 30 })
    expect(ActivityQuery.safeParse({ days: "31" }).success).toBe(false)
    expect(ActivityQuery.safeParse({ days: "0" }).success).toBe(false)
  })
})
