import { errorText, h, money, show, type StatusArea } from "./dom"
import { BNPL_PROVIDER_ID, MANUAL_PROVIDER_ID, type Cart, type DemoStore, type Order } from "./store"

export interface PaymentMethod {
  inputId: string
  providerId: string
  title: string
  text: string
}

const METHODS: PaymentMethod[] = [
  {
    inputId: "pay-installments",
    providerId: BNPL_PROVIDER_ID,
    title: "Pay in installments",
    text: "Pay the first installment today at the financing service, the rest every two weeks.",
  },
  {
    inputId: "pay-manual",
    providerId: MANUAL_PROVIDER_ID,
    title: "Pay manually",
    text: "Place the order now; the store collects the payment later (Medusa's system provider).",
  },
]

/** Radio buttons for the payment methods the region offers (`#pay-installments`, `#pay-manual`). */
export function paymentChoice(availableProviderIds: string[]) {
  const methods = METHODS.filter((m) => availableProviderIds.includes(m.providerId))
  const node = h(
    "div",
    { class: "methods" },
    ...methods.map((m, index) =>
      h(
        "label",
        { class: "method", for: m.inputId },
        h("input", { type: "radio", name: "payment", id: m.inputId, value: m.providerId, checked: index === 0 }),
        h("div", {}, h("strong", {}, m.title), h("span", {}, m.text))
      )
    ),
    methods.length ? null : h("p", { class: "error" }, "This region offers neither pay in installments nor manual payment.")
  )
  return {
    node,
    selected(): PaymentMethod | undefined {
      const checked = node.querySelector<HTMLInputElement>("input[name=payment]:checked")
      return methods.find((m) => m.providerId === checked?.value)
    },
  }
}

/**
 * Pays for the cart: to the financing service's checkout page for installments; for a
 * manual payment the order is placed at once and shown.
 */
export async function pay(app: HTMLElement, store: DemoStore, cart: Cart, method: PaymentMethod, status: StatusArea): Promise<void> {
  status.step(method.providerId === BNPL_PROVIDER_ID ? "Starting your installment plan…" : "Starting the payment…")
  const { checkoutUrl } = await store.startPayment(cart, method.providerId)
  if (checkoutUrl) {
    status.step("Taking you to the financing service…")
    location.assign(checkoutUrl)
    return
  }
  status.step("Placing your order…")
  const result = await store.complete(cart.id)
  if ("error" in result) throw new Error(result.error)
  show(app, orderView(result.order, method.title))
}

export function orderView(order: Order, paidWith?: string): HTMLElement {
  const currency = order.currency_code
  return h(
    "section",
    { class: "card", id: "order" },
    h("h1", { class: "success" }, "Thank you, your order is placed"),
    h("p", { class: "order-number", id: "order-number" }, `Order #${order.display_id}`),
    h("p", { class: "muted" }, `A confirmation goes to ${order.email ?? "your email"}.`, paidWith ? ` Paid with: ${paidWith}.` : ""),
    h(
      "div",
      { class: "summary" },
      h(
        "table",
        {},
        ...(order.items ?? []).map((item) =>
          h("tr", {}, h("td", {}, `${item.product_title ?? item.title} × ${item.quantity}`), h("td", { class: "num" }, money(item.total, currency)))
        ),
        h("tr", {}, h("td", {}, "Shipping"), h("td", { class: "num" }, money(order.shipping_total, currency))),
        h("tr", { class: "total" }, h("td", {}, "Total"), h("td", { class: "num", id: "order-total" }, money(order.total, currency)))
      )
    ),
    h("div", { class: "actions" }, h("a", { href: "/demo" }, "Continue shopping"))
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
