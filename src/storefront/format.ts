import { kitLang } from "./lang"
import { KIT_TEXTS } from "./messages"
import { formatMoney } from "./money"
import type { Offer } from "./wire"

/**
 * The line a product page shows under the price: "o 4 pagos de $308.62 cada 2 semanas
 * (el último de $308.64)", or in English "or 4 payments of MX$308.62 every 2 weeks (…)".
 * Null when the offer is not available: show nothing, or `offer.reason.message`.
 * `locale` picks the language (`kitLang`: Spanish for any Spanish, else English), which sets the
 * words and the number format (es-MX or en).
 */
export function formatInstallments(offer: Offer, locale?: string): string | null {
  if (!offer.available || !offer.plan.amounts.length) return null
  const lang = kitLang(locale)
  const texts = KIT_TEXTS[lang]
  const money = (amount: number) => formatMoney(amount, offer.currency_code, lang)
  const { amounts, frequency_days } = offer.plan
  if (amounts.length === 1) return texts.single(money(amounts[0]))
  const first = amounts[0]
  const last = amounts[amounts.length - 1]
  const line = texts.installments(amounts.length, money(first), frequency_days)
  return last === first ? line : `${line} (${texts.lastDiffers(money(last))})`
}

/** Each installment's amount, formatted, in order: for a plan table. */
export function formatPlan(offer: Offer, locale?: string): string[] {
  const lang = kitLang(locale)
  return offer.plan.amounts.map((amount) => formatMoney(amount, offer.currency_code, lang))
}
