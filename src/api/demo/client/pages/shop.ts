import { h, show, statusArea } from "../dom"
import { guarded, pay, paymentChoice } from "../payment"
import { SAMPLE_BUYER } from "../sample"
import type { DemoStore } from "../store"
import { buyerFields } from "./buyer-fields"
import { offersOf, productPicker } from "./product-picker"

/** /demo: pick a product, enter the delivery details, choose how to pay. */
export async function shopPage(app: HTMLElement, store: DemoStore): Promise<void> {
  const region = await store.region()
  const [products, providerIds] = await Promise.all([store.products(region.id), store.paymentProviderIds(region.id)])
  const offers = offersOf(products)
  if (!offers.length) throw new Error("The store has no products with a price in this region yet.")

  const picker = productPicker(offers, region.currency_code)
  const buyer = buyerFields(SAMPLE_BUYER)
  const payment = paymentChoice(providerIds)
  const status = statusArea()
  const button = h("button", { id: "checkout", class: "primary", type: "submit" }, "Continue to payment")
  const card = (title: string, content: Node) => h("section", { class: "card" }, h("h2", {}, title), content)

  const form = h(
    "form",
    { class: "layout" },
    h("div", {}, card("1. Choose a product", picker.node), card("2. Contact and delivery", buyer.node), card("3. Payment", payment.node)),
    h("aside", { class: "card" }, h("h2", {}, "Your order"), picker.summary, h("div", { style: "margin-top:16px" }, button), ...status.nodes)
  )
  form.addEventListener("submit", (event) => {
    event.preventDefault()
    const method = payment.selected()
    if (!method) return status.error("Choose a payment method.")
    void guarded(button, status, async () => {
      const cart = await store.createCart({ regionId: region.id, ...picker.choice(), buyer: buyer.read() }, (text) => status.step(text))
      await pay(app, store, cart, method, status)
    })
  })
  show(app, h("h1", {}, "Tienda demo"), form)
}
