import type { HttpTypes } from "@medusajs/framework/types"
import { fromMinorUnits, minorDigits, toMinorUnits } from "../../../../src/storefront"
import { h, money } from "../dom"
import { t } from "../i18n"

export interface Offer {
  productId: string
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
    return [{ productId: product.id, variantId: variant.id, title: product.title, description: product.description ?? "", price }]
  })
}

/** price × quantity in exact minor units, back to a major-unit decimal string ("3097.00"). */
export function subtotalOf(price: number, quantity: number, currency: string): string {
  const digits = minorDigits(currency)
  return fromMinorUnits(toMinorUnits(price, digits) * BigInt(quantity), digits)
}

/**
 * Product cards with a `[data-product]` button and a `[data-offer]` installments line each,
 * a `#quantity` field, and the order summary beside them (`#offer-line` under the
 * subtotal), kept in step. `onChange` hears the subtotal whenever it changes.
 */
export function productPicker(offers: Offer[], currency: string, onChange: (subtotal: string) => void) {
  let selected = offers[0]
  const quantity = h("input", { id: "quantity", type: "number", min: 1, max: 20, value: 1, required: true })
  const count = () => Math.max(1, Math.floor(Number(quantity.value)) || 1)
  const summary = h("div", { class: "summary" })
  const offerLine = h("p", { id: "offer-line", class: "offer", hidden: true })
  const offerLines = offers.map((offer) => h("p", { class: "offer", "data-offer": offer.variantId }))
  const buttons = offers.map((offer) =>
    h("button", { type: "button", "data-product": offer.variantId, "data-title": offer.title, onclick: () => select(offer) }, t.select),
  )
  const cards = offers.map((offer, index) =>
    h(
      "article",
      { class: "product" },
      h("div", { class: "title" }, offer.title),
      h("p", { class: "muted" }, offer.description),
      h("div", { class: "price" }, money(offer.price, currency)),
      offerLines[index],
      buttons[index],
    ),
  )

  function select(offer: Offer) {
    selected = offer
    offers.forEach((o, i) => {
      buttons[i].setAttribute("aria-pressed", String(o === offer))
      buttons[i].textContent = o === offer ? t.selected : t.select
      cards[i].classList.toggle("selected", o === offer)
    })
    renderSummary()
  }

  function renderSummary() {
    const subtotal = subtotalOf(selected.price, count(), currency)
    const amount = money(subtotal, currency)
    summary.replaceChildren(
      h(
        "table",
        {},
        h("tr", {}, h("td", {}, `${selected.title} × ${count()}`), h("td", { class: "num" }, amount)),
        h("tr", {}, h("td", { class: "muted" }, t.shipping), h("td", { class: "num muted" }, t.nextStep)),
        h("tr", { class: "total" }, h("td", {}, t.subtotal), h("td", { class: "num", id: "subtotal" }, amount)),
      ),
      offerLine,
    )
    onChange(subtotal)
  }

  quantity.addEventListener("input", renderSummary)
  return {
    node: h(
      "div",
      {},
      h("div", { class: "products" }, ...cards),
      h("div", { class: "grid", style: "margin-top:12px" }, h("label", {}, t.quantity, quantity)),
    ),
    summary,
    start: () => select(selected),
    /** The installments line under one product's price. */
    setProductOffer(variantId: string, line: string | null) {
      const node = offerLines[offers.findIndex((o) => o.variantId === variantId)]
      if (node) node.textContent = line ?? ""
    },
    setSubtotalOffer(line: string | null) {
      offerLine.textContent = line ?? ""
      offerLine.hidden = !line
    },
    choice: () => ({ variantId: selected.variantId, quantity: count() }),
  }
}
