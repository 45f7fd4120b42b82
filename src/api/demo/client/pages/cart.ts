import { h, money, show, statusArea } from "../dom"
import { guarded, orderView, pay, paymentChoice } from "../payment"
import type { DemoStore } from "../store"
import { missingCart } from "./missing-cart"

/** /demo/cart?cart_id=…: the cart, to pay again (in installments or manually). */
export async function cartPage(app: HTMLElement, store: DemoStore, cartId: string | null): Promise<void> {
  if (!cartId) return missingCart(app)
  const cart = await store.retrieveCart(cartId)
  if (cart.completed_at) {
    // Completing a completed cart answers its order.
    const result = await store.complete(cart.id)
    if ("order" in result) return show(app, orderView(result.order))
  }
  const currency = cart.currency_code
  const providerIds = await store.paymentProviderIds(cart.region_id ?? "")
  const payment = paymentChoice(providerIds)
  const status = statusArea()
  const button = h("button", { id: "checkout", class: "primary", type: "submit" }, "Pay")
  const row = (label: string, amount: number | undefined, attrs: Record<string, string> = {}) =>
    h("tr", attrs, h("td", {}, label), h("td", { class: "num" }, money(amount, currency)))
  const form = h(
    "form",
    { class: "layout" },
    h(
      "div",
      {},
      h(
        "section",
        { class: "card summary" },
        h("h2", {}, "Your cart"),
        h(
          "table",
          {},
          ...(cart.items ?? []).map((item) => row(`${item.product_title ?? item.title} × ${item.quantity}`, item.total)),
          row("Shipping", cart.shipping_total),
          row("Taxes", cart.tax_total),
          row("Total", cart.total, { class: "total" })
        ),
        h("p", { class: "muted" }, `Delivery to ${[cart.shipping_address?.address_1, cart.shipping_address?.city].filter(Boolean).join(", ") || "—"} · ${cart.email ?? ""}`)
      ),
      h("section", { class: "card" }, h("h2", {}, "Payment"), payment.node)
    ),
    h("aside", { class: "card" }, button, ...status.nodes, h("div", { class: "actions" }, h("a", { href: "/demo" }, "Start over")))
  )
  form.addEventListener("submit", (event) => {
    event.preventDefault()
    const method = payment.selected()
    if (!method) return status.error("Choose a payment method.")
    void guarded(button, status, () => pay(app, store, cart, method, status))
  })
  show(app, h("h1", {}, "Cart"), form)
}
