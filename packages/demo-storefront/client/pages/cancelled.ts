import { completeOnReturn } from "../../../../src/storefront"
import { h, show } from "../dom"
import { lang, t } from "../i18n"
import { orderView } from "../payment"
import type { DemoStore } from "../store"
import { missingCart } from "./missing-cart"

/**
 * /demo/checkout/bnpl/error?cart_id=…: the shopper cancelled or was declined at the
 * financing service. The kit checks the loan first: should it be paid after all, the order
 * is placed; otherwise the cart is intact and the shopper goes back to it.
 */
export async function cancelledPage(app: HTMLElement, store: DemoStore, cartId: string | null): Promise<void> {
  if (!cartId) return missingCart(app)
  // No #error-message until the answer is known: it holds the outcome.
  show(
    app,
    h("section", { class: "card" }, h("p", { id: "status", class: "status", role: "status" }, h("span", { class: "spinner" }), t.steps.checking)),
  )
  const result = await completeOnReturn(store.sdk, cartId, { outcome: "error", lang })
  if (result.state === "order") return show(app, orderView(result.order, t.methods.installments.title))
  show(
    app,
    h(
      "section",
      { class: "card" },
      h("h1", {}, t.cancelled.title),
      h("p", { id: "error-message", class: "error", role: "alert", "data-state": result.state }, result.message),
      h(
        "div",
        { class: "actions" },
        h("a", { id: "back-to-cart", href: `/demo/cart?cart_id=${encodeURIComponent(cartId)}` }, t.cancelled.back),
        h("a", { href: "/demo" }, t.cart.startOver),
      ),
    ),
  )
}
