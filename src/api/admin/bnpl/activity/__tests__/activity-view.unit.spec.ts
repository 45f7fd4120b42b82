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
        { day: "2026-12-04", status: "done", seconds: 2.5, summary: summary({ checked: 7, authorized: 1, cancelled: 2, pending: 4 }) },
        { day: "2026-12-04", status: "failed", seconds: 40, summary: null },
        { day: "2026-12-05", status: "running", seconds: null, summary: null },
      ],
    }
    expect(activityJson(activity, days)).toEqual({
      days,
      loans_created: { web: [4, 0, 0], balance: [0, 0, 1], phone: [0, 0, 2] },
      refunds: { unknown: [0, 1, 0] },
      webhook_deliveries: { authorized: [0, 0, 3], rejected: [0, 0, 1] },
      reconciliations: { runs: [0, 2, 1], settled: [0, 3, 0], failed_runs: [0, 1, 0], longest_seconds: [null, 40, null] },
    })
  })

  it("takes 1 to 30 days, 14 by default", () => {
    expect(ActivityQuery.parse({})).toEqual({ days: 14 })
    expect(ActivityQuery.parse({ days: "30" })).toEqual({ days: 30 })
    expect(ActivityQuery.safeParse({ days: "31" }).success).toBe(false)
    expect(ActivityQuery.safeParse({ days: "0" }).success).toBe(false)
  })
})
