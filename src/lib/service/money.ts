import { BigNumber, MathBN } from "@medusajs/framework/utils"
import type { BigNumberInput } from "@medusajs/framework/types"

/**
 * The one rule for amounts between Medusa and the service (docs/money.md, "How a centavo is
 * rounded, and where").
 *
 * Medusa keeps amounts in major units with as many decimals as its arithmetic gives (16% IVA on
 * 99.99 is 115.9884); the service speaks centavos: decimal strings with at most two fractional
 * digits (docs/service-api.md, "Status") and, for loan creation, JSON numbers.
 * - An amount is rounded to the centavo half-up (115.9884 → 115.99, 0.125 → 0.13), once, where it
 *   crosses to the service or is compared with the service's: a sum or a difference of Medusa's
 *   amounts is taken exactly first (`exactSum`, `exactDifference`), never from rounded parts.
 * - Medusa never records more than a payment holds: a refund of N centavos at the service is
 *   recorded in Medusa as N/100, or as exactly what the payment has left when N is all of it
 *   rounded (`medusaAmountOfRefund`).
 * Every comparison goes through cents, so "1234.5", 1234.50 and BigNumber(1234.5) are the same amount.
 */

function finite(amount: BigNumberInput) {
  const value = new BigNumber(amount).bigNumber
  if (!value || !value.isFinite()) throw new Error(`not an amount: ${String(amount)}`)
  return value
}

/** The amount rounded half-up to the centavo, as the service writes it ("115.99"). */
export function toDecimal(amount: BigNumberInput): string {
  return finite(amount).toFixed(2)
}

export function toCents(amount: BigNumberInput): bigint {
  return BigInt(toDecimal(amount).replace(".", ""))
}

export function centsToDecimal(cents: bigint): string {
  const negative = cents < 0n
  const abs = negative ? -cents : cents
  return `${negative ? "-" : ""}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`
}

export function sameAmount(a: BigNumberInput, b: BigNumberInput): boolean {
  return toCents(a) === toCents(b)
}

/** For the loan request's JSON numbers: exact for any amount under 2^53 cents. */
export function toPesos(amount: BigNumberInput): number {
  return Number(toDecimal(amount))
}

/** Medusa's amount with every decimal it has, as a string ("462.8052"): what Medusa's own records may take. */
export function exactDecimal(amount: BigNumberInput): string {
  return finite(amount).toFixed()
}

/** The same, for Medusa's inputs typed as a number (15 significant digits: centavos of any amount under a trillion, and their fractions). */
export function exactNumber(amount: BigNumberInput): number {
  return Number(exactDecimal(amount))
}

/** The exact sum of Medusa's amounts (captures, refunds), to be rounded once by whoever crosses to the service. */
export function exactSum(amounts: Array<BigNumberInput | null | undefined>): string {
  return exactDecimal(amounts.reduce<BigNumberInput>((sum, amount) => MathBN.add(sum, amount ?? 0), 0))
}

/** `a - b`, exact: what a payment has left is its captured less its refunded, before any rounding. */
export function exactDifference(a: BigNumberInput, b: BigNumberInput): string {
  return exactDecimal(MathBN.sub(a, b))
}

/**
 * What Medusa records for a refund of `cents` at the service on a payment that has `left`
 * (captured less refunded, exact): the centavos as they are, except that a refund of all that is
 * left, rounded, records exactly what is left. So a refund in full of a payment captured at
 * 462.8052 records 462.8052 in Medusa while the service refunds 462.81, and Medusa never shows
 * more refunded than captured.
 */
export function medusaAmountOfRefund(cents: bigint, left: BigNumberInput): string {
  return cents >= toCents(left) ? exactDecimal(left) : centsToDecimal(cents)
}
