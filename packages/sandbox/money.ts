/**
 * Pesos travel as numbers in loan requests and as "1234.50" strings in status records.
 * Every comparison happens in integer cents so that 0.1 + 0.2 never decides a refund.
 */

export function numberToCents(pesos: number): number {
  return Math.round(pesos * 100)
}

/** Parses a string already checked against the wire `Decimal` pattern. */
export function decimalToCents(decimal: string): number {
  const [whole, fraction = ""] = decimal.split(".")
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"))
}

export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? "-" : ""
  const magnitude = Math.abs(cents)
  const fraction = String(magnitude % 100).padStart(2, "0")
  return `${sign}${Math.floor(magnitude / 100)}.${fraction}`
}

/** The shortest form of an amount, which the documentation allows: "100", "100.5", "100.25". */
export function centsToShortDecimal(cents: number): string {
  const [whole, fraction] = centsToDecimal(cents).split(".")
  const significant = fraction.replace(/0+$/, "")
  return significant ? `${whole}.${significant}` : whole
}

/** True when a number has no more than two fractional digits, as the spec requires of amounts. */
export function hasAtMostTwoDecimals(pesos: number): boolean {
  return Math.abs(pesos * 100 - Math.round(pesos * 100)) < 1e-6
}

/** "$1,234.50" for the checkout page; amounts are Mexican pesos. */
export function formatPesos(cents: number): string {
  const [whole, fraction] = centsToDecimal(cents).split(".")
  return `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${fraction}`
}
