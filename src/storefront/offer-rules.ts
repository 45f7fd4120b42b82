import { amountIneligibility } from "./eligibility"
import type { Lang } from "./lang"
import { quoteTitles, reasonMessage, type ReasonFacts } from "./messages"
import { formatMoney } from "./money"
import { fromMinorUnits, minorDigits, splitInstallments, toMinorUnits } from "./plan"
import type { Offer, ReasonCode } from "./wire"

/** The provider options that decide eligibility and the advertised plan (see the provider's options.ts). */
export interface OfferRules {
  currencies: string[]
  /** Major units, as configured. */
  minAmount: number
  maxAmount: number
  installments: number
  installmentFrequencyDays: number
}

/**
 * Whether an amount can be paid in installments (eligibility.ts, the rule session creation
 * applies too), and the plan to advertise.
 */
export function buildOffer(amount: string | number, currencyCode: string, rules: OfferRules, lang: Lang): Offer {
  const currency = currencyCode.toLowerCase()
  const digits = minorDigits(currency)
  const minor = toMinorUnits(amount, digits)
  const min = toMinorUnits(rules.minAmount, digits)
  const max = toMinorUnits(rules.maxAmount, digits)
  const code = amountIneligibility(currency, minor, { currencies: rules.currencies, min, max })
  return {
    available: !code,
    reason: code ? { code, message: reasonMessage(code, lang, facts(currency, digits, min, max, lang)) } : null,
    currency_code: currency,
    amount: major(minor, digits),
    plan: {
      installments: rules.installments,
      frequency_days: rules.installmentFrequencyDays,
      amounts: splitInstallments(minor, rules.installments).map((part) => major(part, digits)),
    },
    limits: { min_amount: major(min, digits), max_amount: major(max, digits), currencies: rules.currencies },
    lang,
  }
}

/** Minor units as the JSON number Medusa's store API would write: 30862n, 2 → 308.62. */
const major = (minor: bigint, digits: number): number => Number(fromMinorUnits(minor, digits))

/** The amounts a reason may mention, formatted for the shopper, with the currency code where the symbol alone is ambiguous ("$1,000.00 MXN", "MX$1,000.00"). */
export function facts(currency: string, digits: number, min: bigint, max: bigint, lang: Lang) {
  const upper = currency.toUpperCase()
  const money = (minor: bigint) => {
    const text = formatMoney(fromMinorUnits(minor, digits), upper, lang)
    return /[A-Za-z]/.test(text) ? text : `${text} ${upper}`
  }
  return { currency: upper, min: money(min), max: money(max) }
}

/** A plan-less answer for a reason that is about the cart, not the amount (an order, a paid loan, the region, a product). */
export function withReason(offer: Offer, code: ReasonCode, more: Pick<ReasonFacts, "items"> = {}): Offer {
  const digits = minorDigits(offer.currency_code)
  const { min_amount, max_amount } = offer.limits
  const known = facts(offer.currency_code, digits, toMinorUnits(min_amount, digits), toMinorUnits(max_amount, digits), offer.lang)
  return { ...offer, available: false, reason: { code, message: reasonMessage(code, offer.lang, { ...known, ...more }) } }
}

/** The answer when products the store does not finance are in what is to be paid: their titles, quoted for the shopper. */
export const excludingProducts = (offer: Offer, titles: string[]): Offer =>
  withReason(offer, "product_excluded", { items: quoteTitles(titles, offer.lang) })
