import type { HttpTypes } from "@medusajs/framework/types"
import { h, money } from "../dom"

export interface Offer {
  variantId: string
  title: string
  description: string
  price: number
}

/** The products that have a price in the region, one variant each (the demo's have one). */
export function offersOf(products: HttpTypes.StoreProduct[]): Offer[] {
  return products.flatMap((product) => {
    const variant = product.variants?.find((v) => v.calculated_price?.calculated_amount != null)
    if (!variant) return []
    const price = Number(variant.calculated_price?.calculated_amount)
    return [{ variantId: variant.id, title: product.title, description: product.description ?? "", price }]
  })
}

/**
 * Product cards with a `[data-product]` button each, a `#quantity` field, and the order
 * summary beside them, kept in step.
 */
export function productPicker(offers: Offer[], currency: string) {
  let selected = offers[0]
  const quantity = h("input", { id: "quantity", type: "number", min: 1, max: 20, value: 1, required: true })
  const count = () => Math.max(1, Math.floor(Number(quantity.value)) || 1)
  const summary = h("div", { class: "summary" })
  const buttons = offers.map((offer) =>
    h("button", { type: "button", "data-product": offer.variantId, "data-title": offer.title, onclick: () => select(offer) }, "Select")
  )
  const cards = offers.map((offer, index) =>
    h(
      "article",
      { class: "product" },
      h("div", { class: "title" }, offer.title),
      h("p", { class: "muted" }, offer.description),
      h("div", { class: "price" }, money(offer.price, currency)),
      buttons[index]
    )
  )

  function select(offer: Offer) {
    selected = offer
    offers.forEach((o, i) => {
      buttons[i].setAttribute("aria-pressed", String(o === offer))
      buttons[i].textContent = o === offer ? "Selected ✓" : "Select"
      cards[i].classList.toggle("selected", o === offer)
    })
    renderSummary()
  }

  function renderSummary() {
    const amount = money(selected.price * count(), currency)
    summary.replaceChildren(
      h(
        "table",
        {},
        h("tr", {}, h("td", {}, `${selected.title} × ${count()}`), h("td", { class: "num" }, amount)),
        h("tr", {}, h("td", { class: "muted" }, "Shipping"), h("td", { class: "num muted" }, "next step")),
        h("tr", { class: "total" }, h("td", {}, "Subtotal"), h("td", { class: "num", id: "subtotal" }, amount))
      )
    )
  }

  quantity.addEventListener("input", renderSummary)
  select(selected)
  return {
    node: h("div", {}, h("div", { class: "products" }, ...cards), h("div", { class: "grid", style: "margin-top:12px" }, h("label", {}, "Quantity", quantity))),
    summary,
    choice: () => ({ variantId: selected.variantId, quantity: count() }),
  }
}
