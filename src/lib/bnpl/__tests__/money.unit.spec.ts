import { sameAmount, toCents, toDecimal, toPesos } from "../money"

describe("money", () => {
  it("writes amounts the way the service does", () => {
    expect(toDecimal(1234.5)).toBe("1234.50")
    expect(toDecimal("0.1")).toBe("0.10")
    expect(toDecimal(0.1 + 0.2)).toBe("0.30")
    expect(toPesos("9098.00")).toBe(9098)
  })

  it("compares in cents", () => {
    expect(sameAmount("1234.5", 1234.5)).toBe(true)
    expect(sameAmount("1234.50", "1234.51")).toBe(false)
    expect(toCents("20000")).toBe(2_000_000n)
  })

  it("refuses what is not an amount", () => {
    expect(() => toDecimal("abc")).toThrow()
  })
})
