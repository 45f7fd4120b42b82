import { localeOf } from "./locale"

/**
 * Money and dates in the admin's language. Amounts are major units, as the admin
 * API answers them (`1234.5`) or as typed (`"1234.50"`); they are only displayed here, never computed with.
 */
export interface Format {
  money: (amount: number | string, currency: string) => string
  date: (iso: string) => string
}

export function formatFor(language: string): Format {
  const locale = localeOf(language)
  const date = safely(() => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }))
  return {
    money: (amount, currency) => {
      const money = safely(() => new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase() }))
      return money ? money.format(Number(amount)) : `${amount} ${currency.toUpperCase()}`
    },
    date: (iso) => {
      const parsed = new Date(iso)
      return date && !Number.isNaN(parsed.getTime()) ? date.format(parsed) : iso
    },
  }
}

function safely<T>(make: () => T): T | undefined {
  try {
    return make()
  } catch {
    return undefined // an unknown currency code: show the raw value rather than break the page
  }
}
