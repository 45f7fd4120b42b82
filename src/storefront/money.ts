/**
 * An amount in minor units, shown in the shopper's language: es-MX writes MXN as "$308.62",
 * English as "MX$308.62". Display only: the division happens once, on an exact integer, and
 * no sum is ever made from the result.
 */
export function formatMoney(minor: bigint | number, digits: number, currencyCode: string, locale: string): string {
  const major = Number(minor) / 10 ** digits
  try {
    return new Intl.NumberFormat(locale, {
      style: "currency",
      currency: currencyCode.toUpperCase(),
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(major)
  } catch {
    return `${major.toFixed(digits)} ${currencyCode.toUpperCase()}`
  }
}
