import { amountIneligibility } from "../eligibility"

const limits = { currencies: ["mxn"], min: 100_000n, max: 10_000_000n }

describe("amountIneligibility", () => {
  it("accepts both bounds and what lies between", () => {
    expect([100_000n, 100_001n, 9_999_999n, 10_000_000n].map((minor) => amountIneligibility("mxn", minor, limits))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ])
  })

  it("names the bound a cent outside it crosses", () => {
    expect(amountIneligibility("mxn", 99_999n, limits)).toBe("below_minimum")
    expect(amountIneligibility("mxn", 10_000_001n, limits)).toBe("above_maximum")
  })

  it("refuses a currency that is not offered, whatever its case, before looking at the amount", () => {
    expect(amountIneligibility("USD", 500_000n, limits)).toBe("currency_not_offered")
    expect(amountIneligibility("MXN", 500_000n, limits)).toBeUndefined()
  })
})
