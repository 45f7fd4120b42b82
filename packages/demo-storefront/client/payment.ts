import { getCartEligibility, placeOrderBeforeFinancing, startInstallmentCheckout } from "../../../src/storefront"
import { errorText, h, money, show, type StatusArea } from "./dom"
import { lang, t } from "./i18n"
import { BNPL_PROVIDER_ID, MANUAL_PROVIDER_ID, type Cart, type DemoStore, type Order } from "./store"

export interface PaymentMethod {
  inputId: string
  providerId: string
  title: string
  text: string
}

const METHODS: PaymentMethod[] = [
  { inputId: "pay-installments", providerId: BNPL_PROVIDER_ID, ...t.methods.installments },
  { inputId: "pay-manual", providerId: MANUAL_PROVIDER_ID, ...t.methods.manual },
]

/** What the installments option says: the plan (`#bnpl-offer`) or why it is unavailable (`#bnpl-reason`). */
export interface InstallmentsState {
  available: boolean
  offerLine?: string | null
  reason?: string | null
}

/**
 * Radio buttons for the payment methods the region offers (`#pay-installments`,
 * `#pay-manual`). Installments can be greyed out with the reason the store gave.
 */
export function paymentChoice(availableProviderIds: string[]) {
  const methods = METHODS.filter((m) => availableProviderIds.includes(m.providerId))
  const offerLine = h("span", { id: "bnpl-offer", class: "offer", hidden: true })
  const reasonLine = h("span", { id: "bnpl-reason", class: "reason", hidden: true })
  const inputs = methods.map((m, index) => h("input", { type: "radio", name: "payment", id: m.inputId, value: m.providerId, checked: index === 0 }))
  const node = h(
    "div",
    { class: "methods" },
    ...methods.map((m, index) =>
      h(
        "label",
        { class: "method", for: m.inputId, "data-method": m.providerId },
        inputs[index],
        h("div", {}, h("strong", {}, m.title), h("span", {}, m.text), m.providerId === BNPL_PROVIDER_ID ? h("div", {}, offerLine, reasonLine) : null),
      ),
    ),
    methods.length ? null : h("p", { class: "error" }, t.methods.none),
  )
  return {
    node,
    selected(): PaymentMethod | undefined {
      const checked = inputs.find((input) => input.checked && !input.disabled)
      return methods.find((m) => m.providerId === checked?.value)
    },
    setInstallments(state: InstallmentsState) {
      const input = inputs.find((i) => i.value === BNPL_PROVIDER_ID)
      if (!input) return
      input.disabled = !state.available
      input.closest("label")?.classList.toggle("unavailable", !state.available)
      offerLine.textContent = state.offerLine ?? ""
      offerLine.hidden = !state.available || !state.offerLine
      reasonLine.textContent = state.reason ?? ""
      reasonLine.hidden = state.available || !state.reason
      if (!state.available && input.checked) {
        const other = inputs.find((i) => i !== input)
        if (other) other.checked = true
      }
    },
  }
}

/**
 * Pays for the cart. In installments, through the storefront kit: the cart's eligibility
 * first (a paid loan goes to completion, an ineligible cart to its page with the reason),
 * then the session and the redirect. Manually, the order is placed at once and shown.
 */
export async function pay(app: HTMLElement, store: DemoStore, cart: Cart, method: PaymentMethod, status: StatusArea): Promise<void> {
  if (method.providerId !== BNPL_PROVIDER_ID) {
    status.step(t.steps.startingPayment)
    return show(app, orderView(await store.payManually(cart), method.title))
  }
  status.step(t.steps.checking)
  const eligibility = await getCartEligibility(store.sdk, cart.id, { lang })
  const cartQuery = `?cart_id=${encodeURIComponent(cart.id)}`
  if (eligibility.next_step === "complete_cart" || eligibility.next_step === "show_order")
    return location.assign(`/demo/checkout/bnpl/success${cartQuery}`)
  if (eligibility.next_step === "pay_order" && eligibility.loan?.checkout_url) return location.assign(eligibility.loan.checkout_url)
  if (!eligibility.available) return location.assign(`/demo/cart${cartQuery}`)
  status.step(t.steps.startingPlan)
  const { checkoutUrl } = await startInstallmentCheckout(store.sdk, cart)
  // The store places the order first (orderBeforeFinancing): its stock is held while the shopper pays.
  if (eligibility.order_before_financing) await placeOrderBeforeFinancing(store.sdk, cart.id)
  status.step(t.steps.redirecting)
  location.assign(checkoutUrl)
}

export function orderView(order: Order, paidWith?: string): HTMLElement {
  const currency = order.currency_code
  return h(
    "section",
    { class: "card", id: "order" },
    h("h1", { class: "success" }, t.order.thanks),
    h("p", { class: "order-number", id: "order-number" }, t.order.number(order.display_id)),
    h("p", { class: "muted" }, t.order.confirmation(order.email), paidWith ? t.order.paidWith(paidWith) : ""),
    h(
      "div",
      { class: "summary" },
      h(
        "table",
        {},
        ...(order.items ?? []).map((item) =>
          h("tr", {}, h("td", {}, `${item.product_title ?? item.title} × ${item.quantity}`), h("td", { class: "num" }, money(item.total, currency))),
        ),
        h("tr", {}, h("td", {}, t.shipping), h("td", { class: "num" }, money(order.shipping_total, currency))),
        h("tr", { class: "total" }, h("td", {}, t.total), h("td", { class: "num", id: "order-total" }, money(order.total, currency))),
      ),
    ),
    h("div", { class: "actions" }, h("a", { href: "/demo" }, t.order.continueShopping)),
  )
}

/** Runs a checkout action with the button disabled, showing any failure in `#error-message`. */
export async function guarded(button: HTMLButtonElement, status: StatusArea, action: () => Promise<void>): Promise<void> {
  button.disabled = true
  status.clearError()
  try {
    await action()
  } catch (error) {
    status.error(errorText(error))
    button.disabled = false
  }
}
