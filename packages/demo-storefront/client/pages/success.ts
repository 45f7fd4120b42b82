import { completeOnReturn } from "../../../../src/storefront"
import { h, show, statusArea } from "../dom"
import { lang, t } from "../i18n"
import { orderView } from "../payment"
import type { DemoStore } from "../store"
import { missingCart } from "./missing-cart"

/**
 * /demo/checkout/bnpl/success?cart_id=…: the shopper paid the first installment. The kit's
 * `completeOnReturn` places the order (or answers the one the service's webhook already
 * placed), retrying a few times while the payment is not confirmed yet.
 */
export async function successPage(app: HTMLElement, store: DemoStore, cartId: string | null): Promise<void> {
  if (!cartId) return missingCart(app)
  const status = statusArea()
  const retry = h("button", { id: "retry", type: "button", hidden: true, onclick: () => void confirm() }, t.success.retry)
  show(
    app,
    h(
      "section",
      { class: "card" },
      h("h1", {}, t.success.title),
      h("p", { class: "muted" }, t.success.intro),
      ...status.nodes,
      h("div", { class: "actions" }, retry, h("a", { href: `/demo/cart?cart_id=${encodeURIComponent(cartId)}` }, t.success.backToCart)),
    ),
  )

  async function confirm() {
    retry.hidden = true
    status.clearError()
    const result = await completeOnReturn(store.sdk, cartId!, {
      lang,
      onAttempt: (attempt, attempts) => status.step(attempt === 1 ? t.steps.placingOrder : t.steps.waiting(attempt, attempts)),
    })
    if (result.state === "order") return show(app, orderView(result.order, t.methods.installments.title))
    status.done("")
    status.error(result.message)
    retry.hidden = false
  }
  await confirm()
}
