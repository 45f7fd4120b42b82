import { buildOffer } from "../offer-rules"
import { fromMinorUnits, minorDigits, splitInstallments, toMinorUnits } from "../plan"

const RULES = { currencies: ["mxn"], minAmount: 100, maxAmount: 20_000, installments: 4, installmentFrequencyDays: 14 }

/** mulberry32: a seeded generator, so a failing run can be repeated with its printed seed. */
function random(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

describe("plan: minor units", () => {
  it("knows the currency's precision from Intl", () => {
    expect(minorDigits("mxn")).toBe(2)
    expect(minorDigits("JPY")).toBe(0)
    expect(minorDigits("kwd")).toBe(3)
  })

  it("reads major units exactly and rounds half up, as Medusa's BigNumber does", () => {
    expect(toMinorUnits("1234.5", 2)).toBe(123450n)
    expect(toMinorUnits(1234.5, 2)).toBe(123450n)
    expect(toMinorUnits("0.1", 2) + toMinorUnits("0.2", 2)).toBe(30n)
    expect(toMinorUnits("10.005", 2)).toBe(1001n)
    expect(toMinorUnits("10.0049", 2)).toBe(1000n)
    expect(toMinorUnits(1.005, 2)).toBe(101n)
    expect(toMinorUnits("1500", 0)).toBe(1500n)
    expect(toMinorUnits("99999999999.99", 2)).toBe(9999999999999n)
    expect(() => toMinorUnits("-1", 2)).toThrow(RangeError)
    expect(() => toMinorUnits("1e3", 2)).toThrow(RangeError)
    expect(fromMinorUnits(123450n, 2)).toBe("1234.50")
    expect(fromMinorUnits(5n, 2)).toBe("0.05")
    expect(fromMinorUnits(1500n, 0)).toBe("1500")
  })

  it("splits into equal installments, the last absorbing the remainder", () => {
    expect(splitInstallments(123450n, 4)).toEqual([30862n, 30862n, 30862n, 30864n])
    expect(splitInstallments(100n, 3)).toEqual([33n, 33n, 34n])
    expect(splitInstallments(2n, 4)).toEqual([0n, 0n, 0n, 2n])
    expect(splitInstallments(999n, 1)).toEqual([999n])
    expect(() => splitInstallments(100n, 0)).toThrow(RangeError)
  })

  it("always sums exactly to the amount, over many random amounts and plan sizes", () => {
    const seed = Number(process.env.PLAN_SEED ?? Date.now() % 2 ** 31)
    console.log(`plan property test seed: ${seed} (PLAN_SEED=${seed} repeats it)`)
    const next = random(seed)
    for (let i = 0; i < 5_000; i++) {
      const cents = BigInt(Math.floor(next() * 1e11))
      const count = 1 + Math.floor(next() * 24)
      const plan = splitInstallments(cents, count)
      expect(plan).toHaveLength(count)
      expect(plan.reduce((sum, part) => sum + part, 0n)).toBe(cents)
      const regular = plan[0]
      expect(plan.slice(0, -1).every((part) => part === regular)).toBe(true)
      expect(plan[count - 1] - regular).toBeGreaterThanOrEqual(0n)
      expect(plan[count - 1] - regular).toBeLessThan(BigInt(count))
    }
  })
})

describe("buildOffer: the session's eligibility rules", () => {
  it("includes both bounds and refuses a cent outside them", () => {
    expect(buildOffer("100.00", "mxn", RULES, "es-MX").available).toBe(true)
    expect(buildOffer("20000", "MXN", RULES, "es-MX").available).toBe(true)
    const below = buildOffer("99.99", "mxn", RULES, "es-MX")
    expect(below.available).toBe(false)
    expect(below.reason).toEqual({ code: "below_minimum", message: "El pago a plazos está disponible para compras desde $100.00 MXN." })
    const above = buildOffer("20000.01", "mxn", RULES, "en")
    expect(above.reason).toEqual({ code: "above_maximum", message: "Pay in installments is available for purchases of up to MX$20,000.00." })
    expect(buildOffer("500", "usd", RULES, "en").reason?.code).toBe("currency_not_offered")
  })

  it("answers the plan in major units, as Medusa's store API does, with the limits and the language", () => {
    expect(buildOffer("1234.5", "mxn", RULES, "es-MX")).toEqual({
      available: true,
      reason: null,
      currency_code: "mxn",
      amount: 1234.5,
      plan: { installments: 4, frequency_days: 14, amounts: [308.62, 308.62, 308.62, 308.64] },
      limits: { min_amount: 100, max_amount: 20000, currencies: ["mxn"] },
      lang: "es-MX",
    })
    expect(buildOffer(1001, "jpy", { ...RULES, currencies: ["jpy"] }, "en").plan.amounts).toEqual([250, 250, 250, 251])
  })

  it("answers installments that add up to the amount to the cent", () => {
    for (const amount of ["0.03", "1.01", "999.99", "1234.57", "3349.5", "19999.99"]) {
      const offer = buildOffer(amount, "mxn", { ...RULES, minAmount: 0, installments: 3 }, "en")
      const cents = offer.plan.amounts.reduce((sum, part) => sum + toMinorUnits(part, 2), 0n)
      expect([amount, cents]).toEqual([amount, toMinorUnits(amount, 2)])
      expect(offer.amount).toBe(Number(amount))
    }
  })
})
