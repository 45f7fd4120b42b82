/**
 * The installment plan advertised to shoppers, shared by the store routes and the storefront
 * kit. Pure: no Medusa, no DOM. Amounts are integers in the currency's minor units (cents for
 * MXN), so a plan always adds up to the amount exactly; the last installment absorbs the
 * rounding, as the service's own plan does.
 */

/** Decimal digits of a currency's minor unit (MXN 2, JPY 0), as Intl knows them; 2 for codes Intl does not. */
export function minorDigits(currencyCode: string): number {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency: currencyCode.toUpperCase() }).resolvedOptions().maximumFractionDigits ?? 2
  } catch {
    return 2
  }
}

const PLAIN_DECIMAL = /^(\d+)(?:\.(\d+))?$/

/**
 * A major-unit amount (Medusa's convention: `1234.5`, `"1234.50"`) in minor units, rounded half
 * up to the currency's precision as Medusa's BigNumber does. Strings are read digit by digit;
 * a number is read through its shortest decimal form, which is what JavaScript shows for it.
 */
export function toMinorUnits(amount: string | number, digits: number): bigint {
  const text = typeof amount === "number" ? String(amount) : amount.trim()
  const match = PLAIN_DECIMAL.exec(text)
  if (!match) throw new RangeError(`not a non-negative decimal amount: ${text}`)
  const [, whole, fraction = ""] = match
  const kept = BigInt(whole + fraction.slice(0, digits).padEnd(digits, "0"))
  return fraction.length > digits && Number(fraction[digits]) >= 5 ? kept + 1n : kept
}

/** Minor units back to a plain decimal string in major units: 123450n, 2 → "1234.50". */
export function fromMinorUnits(minor: bigint, digits: number): string {
  const sign = minor < 0n ? "-" : ""
  const text = (minor < 0n ? -minor : minor).toString().padStart(digits + 1, "0")
  return digits ? `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}` : `${sign}${text}`
}

/** `count` installments of `total` minor units: equal ones, the last one taking the remainder. */
export function splitInstallments(total: bigint, count: number): bigint[] {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`installments must be a positive integer, not ${count}`)
  if (total < 0n) throw new RangeError("the amount must not be negative")
  const regular = total / BigInt(count)
  return Array.from({ length: count }, (_, index) => (index === count - 1 ? total - regular * BigInt(count - 1) : regular))
}
