import { installmentPlan } from "../installments"
import { centsToDecimal, decimalToCents, formatPesos, hasAtMostTwoDecimals, numberToCents } from "../money"

describe("money", () => {
  it("converts between pesos and cents exactly", () => {
    expect(numberToCents(0.1 + 0.2)).toBe(30)
    expect(numberToCents(1234.5)).toBe(123450)
    expect(decimalToCents("1234.5")).toBe(123450)
    expect(decimalToCents("0.05")).toBe(5)
    expect(decimalToCents("12")).toBe(1200)
    expect(centsToDecimal(123450)).toBe("1234.50")
    expect(centsToDecimal(5)).toBe("0.05")
    expect(centsToDecimal(-150)).toBe("-1.50")
  })

  it("formats pesos for people", () => {
    expect(formatPesos(123456789)).toBe("$1,234,567.89")
    expect(formatPesos(0)).toBe("$0.00")
  })

  it("tells amounts finer than a cent", () => {
    expect(hasAtMostTwoDecimals(19.99)).toBe(true)
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(true)
    expect(hasAtMostTwoDecimals(10.005)).toBe(false)
  })
})

describe("installmentPlan", () => {
  const start = new Date("2025-01-30T12:00:00Z")

  it("splits evenly, the last installment absorbing the rounding", () => {
    expect(installmentPlan(100001, 3, start).map((installment) => installment.cents)).toEqual([33333, 33333, 33335])
    expect(installmentPlan(1000, 4, start).map((installment) => installment.cents)).toEqual([250, 250, 250, 250])
  })

  it("always adds up to the total", () => {
    for (const total of [1, 99, 123450, 999999]) {
      for (const count of [1, 2, 3, 4, 6, 12]) {
        const plan = installmentPlan(total, count, start)
        expect(plan.reduce((sum, installment) => sum + installment.cents, 0)).toBe(total)
      }
    }
  })

  it("falls due today and then every two weeks", () => {
    expect(installmentPlan(400, 4, start).map((installment) => installment.dueDate)).toEqual(["2025-01-30", "2025-02-13", "2025-02-27", "2025-03-13"])
  })
})
