import { h, show, statusArea } from "../dom"
import { orderView } from "../payment"
import type { DemoStore } from "../store"
import { missingCart } from "./missing-cart"

/**
 * /demo/checkout/bnpl/success?cart_id=…: the customer paid the first installment. Completing
 * the cart places the order (or answers the one the service's webhook already placed).
 */
export async function successPage(app: HTMLElement, store: DemoStore, cartId: string | null): Promise<void> {
  if (!cartId) return missingCart(app)
  const status = statusArea()
  const retry = h("button", { id: "retry", type: "button", hidden: true, onclick: () => void confirm() }, "Try again")
  show(
    app,
    h(
      "section",
      { class: "card" },
      h("h1", {}, "Confirming your payment"),
      h("p", { class: "muted" }, "The financing service sent you back to the store. We are placing your order."),
      ...status.nodes,
      h("div", { class: "actions" }, retry, h("a", { href: `/demo/cart?cart_id=${encodeURIComponent(cartId)}` }, "Back to the cart"))
    )
  )

  async function confirm() {
    retry.hidden = true
    status.clearError()
    status.step("Placing your order…")
    const result = await store.completeWithRetry(cartId!, {
      onRetry: (error, attempt) => {
        status.error(error)
        status.step(`Waiting for the financing service to confirm the payment (attempt ${attempt + 1})…`)
      },
    })
    if ("order" in result) return show(app, orderView(result.order, "Pay in installments"))
    status.done("")
    status.error(`The order could not be placed: ${result.error}`)
    retry.hidden = false
  }
  await confirm()
}
