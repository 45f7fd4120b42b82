import { BigNumber } from "@medusajs/framework/utils"
import type { BigNumberInput } from "@medusajs/framework/types"

/**
 * Medusa keeps amounts in major units as arbitrary-precision numbers; the
 * service speaks decimal strings with at most two fractional digits (docs/service-api.md, "Status")
 * and, for loan creation, JSON numbers. Every comparison goes through cents so
 * that "1234.5", 1234.50 and BigNumber(1234.5) are the same amount.
 */
export function toDecimal(amount: BigNumberInput): string {
  const value = new BigNumber(amount).bigNumber
  if (!value || !value.isFinite()) throw new Error(`not an amount: ${String(amount)}`)
  return value.toFixed(2)
}

export function toCents(amount: BigNumberInput): bigint {
  return BigInt(toDecimal(amount).replace(".", ""))
}

export function sameAmount(a: BigNumberInput, b: BigNumberInput): boolean {
  return toCents(a) === toCents(b)
}

/** For the loan request's JSON numbers: exact for any amount under 2^53 cents. */
export function toPesos(amount: BigNumberInput): number {
  return Number(toDecimal(amount))
}
