import { exactDifference, exactSum, medusaAmountOfRefund, sameAmount, toCents, toDecimal, toPesos } from "../money"

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

describe("the rule for a centavo", () => {
  it("rounds Medusa's amounts half-up to the centavo (16% IVA on 99.99 is 115.9884)", () => {
    expect(toDecimal(115.9884)).toBe("115.99")
    expect(toDecimal("462.8052")).toBe("462.81")
    expect(toCents("0.125")).toBe(13n)
    expect(toCents("0.124")).toBe(12n)
    expect(toCents({ value: "230.8284", precision: 20 })).toBe(23083n)
  })

  it("sums Medusa's amounts exactly, so that the sum is rounded once and not its parts", () => {
    // Three captures of 0.005: 0.015, one centavo and a half, which the service rounds to 0.02; rounded parts would give 0.03.
    expect(exactSum([0.005, "0.005", { value: "0.005", precision: 20 }])).toBe("0.015")
    expect(toCents(exactSum(["115.9884", "115.9884", "115.9884", "114.84"]))).toBe(46281n)
    expect(exactSum([])).toBe("0")
    expect(exactDifference("462.8052", "50")).toBe("412.8052")
  })

  it("records in Medusa no more than a payment holds for a refund in centavos", () => {
    // A refund in full at the service (462.81) of a payment captured at 462.8052.
    expect(medusaAmountOfRefund(46281n, "462.8052")).toBe("462.8052")
    // What is left after a refund of 50.
    expect(medusaAmountOfRefund(41281n, "412.8052")).toBe("412.8052")
    // Part of it: the centavos as they are.
    expect(medusaAmountOfRefund(5000n, "462.8052")).toBe("50.00")
    expect(medusaAmountOfRefund(46280n, "462.8052")).toBe("462.80")
  })
})
