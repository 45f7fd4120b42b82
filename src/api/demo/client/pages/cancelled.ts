import { h, show } from "../dom"
import { missingCart } from "./missing-cart"

/** /demo/checkout/bnpl/error?cart_id=…: the customer cancelled at the financing service. */
export function cancelledPage(app: HTMLElement, cartId: string | null): void {
  if (!cartId) return missingCart(app)
  show(
    app,
    h(
      "section",
      { class: "card" },
      h("h1", {}, "Payment cancelled"),
      h(
        "p",
        { id: "error-message", class: "error", role: "alert" },
        "The payment in installments was cancelled at the financing service. Nothing was charged, and your cart is still here."
      ),
      h(
        "div",
        { class: "actions" },
        h("a", { id: "back-to-cart", href: `/demo/cart?cart_id=${encodeURIComponent(cartId)}` }, "Back to your cart"),
        h("a", { href: "/demo" }, "Start over")
      )
    )
  )
}
