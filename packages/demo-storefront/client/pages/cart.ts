import { formatInstallments, getCartEligibility } from "../../../../src/storefront"
import { h, money, show, statusArea } from "../dom"
import { lang, t } from "../i18n"
import { guarded, orderView, pay, paymentChoice } from "../payment"
import type { DemoStore } from "../store"
import { missingCart } from "./missing-cart"

/**
 * /demo/cart?cart_id=…: the cart, to pay again. The kit's `getCartEligibility` decides the
 * installments option: greyed out with the store's reason, or with the plan for the total;
 * a cart whose loan is paid goes on to completion.
 */
export async function cartPage(app: HTMLElement, store: DemoStore, cartId: string | null): Promise<void> {
  if (!cartId) return missingCart(app)
  const [cart, eligibility] = await Promise.all([store.retrieveCart(cartId), getCartEligibility(store.sdk, cartId, { lang }).catch(() => undefined)])
  if (cart.completed_at || eligibility?.next_step === "show_order") {
    // Completing a completed cart answers its order.
    const result = await store.complete(cart.id)
    if ("order" in result) return show(app, orderView(result.order))
  }
  if (eligibility?.next_step === "complete_cart") return location.assign(`/demo/checkout/bnpl/success?cart_id=${encodeURIComponent(cartId)}`)

  const currency = cart.currency_code
  const providerIds = await store.paymentProviderIds(cart.region_id ?? "")
  const payment = paymentChoice(providerIds)
  if (eligibility)
    payment.setInstallments({
      available: eligibility.available,
      reason: eligibility.reason?.message,
      offerLine: formatInstallments(eligibility.offer, lang),
    })
  const status = statusArea()
  const button = h("button", { id: "checkout", class: "primary", type: "submit" }, t.cart.pay)
  const row = (label: string, amount: number | undefined, attrs: Record<string, string> = {}) =>
    h("tr", attrs, h("td", {}, label), h("td", { class: "num" }, money(amount, currency)))
  const where = [cart.shipping_address?.address_1, cart.shipping_address?.city].filter(Boolean).join(", ") || "—"
  const form = h(
    "form",
    { class: "layout" },
    h(
      "div",
      {},
      h(
        "section",
        { class: "card summary" },
        h("h2", {}, t.cart.yourCart),
        h(
          "table",
          {},
          ...(cart.items ?? []).map((item) => row(`${item.product_title ?? item.title} × ${item.quantity}`, item.total)),
          row(t.shipping, cart.shipping_total),
          row(t.total, cart.total, { class: "total" }),
          // Medusa's line and shipping totals carry their tax already: the IVA is part of the total, not added to it.
          row(t.includesIva, cart.tax_total, { class: "includes" }),
        ),
        h("p", { class: "muted" }, t.cart.deliveryTo(where, cart.email ?? "")),
      ),
      h("section", { class: "card" }, h("h2", {}, t.cart.payment), payment.node),
    ),
    h("aside", { class: "card" }, button, ...status.nodes, h("div", { class: "actions" }, h("a", { href: "/demo" }, t.cart.startOver))),
  )
  form.addEventListener("submit", (event) => {
    event.preventDefault()
    const method = payment.selected()
    if (!method) return status.error(t.methods.choose)
    void guarded(button, status, () => pay(app, store, cart, method, status))
  })
  show(app, h("h1", {}, t.cart.title), form)
}
