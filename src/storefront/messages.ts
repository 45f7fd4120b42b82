import { storefrontLang, type Lang } from "./lang"
import type { ReasonCode } from "./wire"

/**
 * Every sentence a shopper can read from the store routes and the kit, in both languages.
 * No option names, no advice for the merchant: those belong in the logs and the README.
 */

/** Amounts already formatted for the shopper's language. */
export interface ReasonFacts {
  currency: string
  min: string
  max: string
  /** The titles of the products the store does not finance, quoted and listed. */
  items?: string
}

const REASONS: Record<Lang, Record<ReasonCode, (facts: ReasonFacts) => string>> = {
  "es-MX": {
    currency_not_offered: ({ currency }) => `El pago a plazos no está disponible para compras en ${currency}.`,
    below_minimum: ({ min }) => `El pago a plazos está disponible para compras desde ${min}.`,
    above_maximum: ({ max }) => `El pago a plazos está disponible para compras de hasta ${max}.`,
    not_in_region: () => "El pago a plazos no está disponible en tu región.",
    cart_completed: () => "Este carrito ya es un pedido.",
    loan_paid: () => "Ya pagaste la primera cuota de este carrito: solo falta confirmar tu pedido.",
    product_excluded: ({ items }) => `Estos productos no se pueden pagar a plazos: ${items}.`,
    balance_paid: () => "El saldo de este pedido ya está pagado.",
  },
  en: {
    currency_not_offered: ({ currency }) => `Pay in installments is not available for purchases in ${currency}.`,
    below_minimum: ({ min }) => `Pay in installments is available for purchases of ${min} or more.`,
    above_maximum: ({ max }) => `Pay in installments is available for purchases of up to ${max}.`,
    not_in_region: () => "Pay in installments is not available in your region.",
    cart_completed: () => "This cart is already an order.",
    loan_paid: () => "You already paid the first installment for this cart: only confirming your order is left.",
    product_excluded: ({ items }) => `These items cannot be paid in installments: ${items}.`,
    balance_paid: () => "This order's balance is already paid.",
  },
}

export function reasonMessage(code: ReasonCode, lang: Lang, facts: ReasonFacts): string {
  return REASONS[lang][code](facts)
}

/** Why a cart holding these products cannot be paid in installments: the refusal of a new session says it too. */
export const productExcludedMessage = (titles: string[], lang: Lang): string =>
  REASONS[lang].product_excluded({ currency: "", min: "", max: "", items: quoteTitles(titles, lang) })

/** Product titles as a reason lists them: «Camisa», «Reloj» (es-MX); “Shirt”, “Watch” (English). */
export function quoteTitles(titles: string[], lang: Lang): string {
  const [open, close] = lang === "en" ? ["“", "”"] : ["«", "»"]
  return titles.map((title) => `${open}${title}${close}`).join(", ")
}

/** How often installments fall, as a phrase: "cada 2 semanas", "every 10 days". */
function every(days: number, lang: Lang): string {
  const weeks = days % 7 === 0 ? days / 7 : 0
  if (lang === "en") return weeks === 1 ? "every week" : weeks ? `every ${weeks} weeks` : days === 1 ? "every day" : `every ${days} days`
  return weeks === 1 ? "cada semana" : weeks ? `cada ${weeks} semanas` : days === 1 ? "cada día" : `cada ${days} días`
}

/** The kit's sentences. Amounts arrive formatted. */
export const KIT_TEXTS = {
  "es-MX": {
    installments: (count: number, each: string, days: number) => `o ${count} pagos de ${each} ${every(days, "es-MX")}`,
    lastDiffers: (last: string) => `el último de ${last}`,
    single: (amount: string) => `o 1 pago de ${amount}`,
    order: "Tu pedido está confirmado.",
    cancelled: "El pago a plazos se canceló. No se hizo ningún cargo y tu carrito sigue aquí.",
    notPaid: "La primera cuota todavía no se ha pagado. Vuelve a intentarlo o elige otra forma de pago.",
    orderCancelled: "El pago a plazos se canceló, y con él tu pedido. No se hizo ningún cargo.",
    orderNotPaid: "Tu pedido está apartado y espera la primera cuota: págala para confirmarlo.",
    paidUnconfirmed: "Recibimos tu pago, pero tu pedido aún no está confirmado. Te avisaremos por correo en cuanto lo esté.",
    error: "No pudimos confirmar tu pedido. Inténtalo de nuevo en unos momentos.",
    noCheckoutUrl: "El servicio de financiamiento no devolvió una página de pago. Inténtalo de nuevo.",
    balancePaid: "El saldo de tu pedido está pagado.",
    balancePaidUnconfirmed: "Recibimos tu pago; el saldo de tu pedido se confirmará en unos momentos.",
    balanceNotPaid: "El saldo de tu pedido todavía no está pagado. Vuelve a intentarlo o elige otra forma de pago.",
    balanceError: "No pudimos confirmar el pago del saldo. Inténtalo de nuevo en unos momentos.",
  },
  en: {
    installments: (count: number, each: string, days: number) => `or ${count} payments of ${each} ${every(days, "en")}`,
    lastDiffers: (last: string) => `the last one ${last}`,
    single: (amount: string) => `or 1 payment of ${amount}`,
    order: "Your order is confirmed.",
    cancelled: "The payment in installments was cancelled. Nothing was charged, and your cart is still here.",
    notPaid: "The first installment has not been paid yet. Try again, or choose another way to pay.",
    orderCancelled: "The payment in installments was cancelled, and your order with it. Nothing was charged.",
    orderNotPaid: "Your order is reserved and waits for the first installment: pay it to confirm the order.",
    paidUnconfirmed: "We received your payment, but your order is not confirmed yet. We will email you as soon as it is.",
    error: "We could not confirm your order. Try again in a moment.",
    noCheckoutUrl: "The financing service did not return a payment page. Try again.",
    balancePaid: "Your order's balance is paid.",
    balancePaidUnconfirmed: "We received your payment; your order's balance will be confirmed in a moment.",
    balanceNotPaid: "Your order's balance is not paid yet. Try again, or choose another way to pay.",
    balanceError: "We could not confirm the balance's payment. Try again in a moment.",
  },
} satisfies Record<Lang, Record<string, unknown>>
export type KitTexts = (typeof KIT_TEXTS)[Lang]

/** When installment `index` (0 for the first) falls, `days` apart: "Hoy", "En 2 semanas", "In 4 weeks". */
function when(index: number, days: number, lang: Lang): string {
  if (index === 0) return lang === "en" ? "Today" : "Hoy"
  const total = index * days
  const weeks = total % 7 === 0 ? total / 7 : 0
  if (lang === "en") return weeks ? `In ${weeks} week${weeks === 1 ? "" : "s"}` : `In ${total} day${total === 1 ? "" : "s"}`
  return weeks ? `En ${weeks} semana${weeks === 1 ? "" : "s"}` : `En ${total} día${total === 1 ? "" : "s"}`
}

/**
 * The storefront's own words around the kit: the method's name, the buttons, the return page,
 * the payment-link page and the product page's explainer. Public (`checkoutTexts`) for a
 * storefront that renders its own; the kit's React components use them too, so a page never
 * mixes its languages.
 */
export const CHECKOUT_TEXTS = {
  "es-MX": {
    methodTitle: "Pago a plazos",
    payButton: "Pagar a plazos",
    redirecting: "Te llevamos al pago…",
    payError: "No pudimos iniciar el pago a plazos. Inténtalo de nuevo en unos momentos.",
    confirming: (attempt: number) => (attempt > 1 ? `Confirmando tu pago (intento ${attempt})…` : "Confirmando tu pago…"),
    backToPayment: "Volver al pago",
    loading: "Cargando…",
    howItWorks: "¿Cómo funciona?",
    offerExplainer: (count: number, days: number) =>
      `Pagas la primera de ${count} cuotas al hacer tu pedido, en la página del servicio de financiamiento, y las demás ${every(days, "es-MX")}.`,
    installmentWhen: (index: number, days: number) => when(index, days, "es-MX"),
    balanceTitle: "Paga el saldo de tu pedido",
    balanceDue: "Saldo por pagar",
    orderReference: (orderId: string) => `Pedido ${orderId}`,
    balanceCancelled: "Saliste del pago a plazos. No se hizo ningún cargo: puedes pagar de nuevo.",
    balanceNotCompleted: "El pago a plazos no se completó. No se hizo ningún cargo: puedes intentarlo de nuevo.",
    balanceLoadError: "No pudimos abrir este enlace de pago. Revisa el enlace o inténtalo de nuevo en unos momentos.",
  },
  en: {
    methodTitle: "Pay in installments",
    payButton: "Pay in installments",
    redirecting: "Taking you to the payment…",
    payError: "We could not start the payment in installments. Try again in a moment.",
    confirming: (attempt: number) => (attempt > 1 ? `Confirming your payment (attempt ${attempt})…` : "Confirming your payment…"),
    backToPayment: "Back to payment",
    loading: "Loading…",
    howItWorks: "How does it work?",
    offerExplainer: (count: number, days: number) =>
      `You pay the first of ${count} installments when you place your order, on the financing service's page, and the rest ${every(days, "en")}.`,
    installmentWhen: (index: number, days: number) => when(index, days, "en"),
    balanceTitle: "Pay your order's balance",
    balanceDue: "Balance due",
    orderReference: (orderId: string) => `Order ${orderId}`,
    balanceCancelled: "You left the payment in installments. Nothing was charged: you can pay again.",
    balanceNotCompleted: "The payment in installments was not completed. Nothing was charged: you can try again.",
    balanceLoadError: "We could not open this payment link. Check the link, or try again in a moment.",
  },
} satisfies Record<Lang, Record<string, unknown>>
export type CheckoutTexts = (typeof CHECKOUT_TEXTS)[Lang]

/** The storefront's words for its `locale` (see `storefrontLang`): Spanish for any Spanish, else English. */
export function checkoutTexts(locale?: string | null): CheckoutTexts {
  return CHECKOUT_TEXTS[storefrontLang(locale)]
}
