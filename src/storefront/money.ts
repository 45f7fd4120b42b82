import { minorDigits } from "./plan"

/**
 * An amount in major units (`308.62`, `"308.62"`), shown in the shopper's language: es-MX
 * writes MXN as "$308.62", English as "MX$308.62", with the currency's own number of decimals.
 * Display only: no sum is ever made from the result.
 */
export function formatMoney(amount: number | string, currencyCode: string, locale: string): string {
  const digits = minorDigits(currencyCode)
  const value = Number(amount)
  try {
    return new Intl.NumberFormat(locale, {
      style: "currency",
      currency: currencyCode.toUpperCase(),
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(value)
  } catch {
    return `${value.toFixed(digits)} ${currencyCode.toUpperCase()}`
  }
}
