import { cronPeriodMs } from "../cron-period"

const MIN = 60_000

describe("cronPeriodMs", () => {
  const from = new Date(2026, 0, 5, 10, 7)

  it("reads the longest gap of common schedules", () => {
    expect(cronPeriodMs("*/5 * * * *", from)).toBe(5 * MIN)
    expect(cronPeriodMs("0 * * * *", from)).toBe(60 * MIN)
    expect(cronPeriodMs("30 2 * * *", from)).toBe(24 * 60 * MIN)
    expect(cronPeriodMs("0 9,17 * * 1-5", from)).toBe((24 + 16) * 60 * MIN + 24 * 60 * MIN)
    // A six-field schedule's seconds are ignored.
    expect(cronPeriodMs("0 */10 * * * *", from)).toBe(10 * MIN)
  })

  it("answers undefined for what it cannot read, or what runs less than twice in fifteen days", () => {
    expect(cronPeriodMs("every five minutes", from)).toBeUndefined()
    expect(cronPeriodMs("61 * * * *", from)).toBeUndefined()
    expect(cronPeriodMs("0 0 1 * *", from)).toBeUndefined()
  })
})
