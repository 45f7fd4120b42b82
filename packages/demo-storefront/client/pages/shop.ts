import { formatInstallments, getOffer } from "../../../../src/storefront"
import { h, show, statusArea } from "../dom"
import { lang, t } from "../i18n"
import { guarded, pay, paymentChoice } from "../payment"
import { SAMPLE_BUYER } from "../sample"
import type { DemoStore } from "../store"
import { buyerFields } from "./buyer-fields"
import { offersOf, productPicker } from "./product-picker"

/**
 * /demo: pick a product, enter the delivery details, choose how to pay. Each price shows
 * its installments (the kit's `getOffer` + `formatInstallments`), and the installments
 * option follows the subtotal: unavailable, with the store's reason, outside the bounds.
 */
export async function shopPage(app: HTMLElement, store: DemoStore): Promise<void> {
  const region = await store.region()
  const [products, providerIds] = await Promise.all([store.products(region.id), store.paymentProviderIds(region.id)])
  const offers = offersOf(products)
  if (!offers.length) throw new Error(t.noProducts)
  const currency = region.currency_code
  const payment = paymentChoice(providerIds)
  let latest = 0

  async function followSubtotal(subtotal: string) {
    const asked = ++latest
    const offer = await getOffer(store.sdk, { amount: subtotal, currencyCode: currency, lang }).catch(() => undefined)
    if (asked !== latest || !offer) return // a newer quantity is being asked about, or the store is unreachable
    picker.setSubtotalOffer(formatInstallments(offer, lang))
    payment.setInstallments({ available: offer.available, reason: offer.reason?.message, offerLine: formatInstallments(offer, lang) })
  }

  const picker = productPicker(offers, currency, (subtotal) => void followSubtotal(subtotal))
  const buyer = buyerFields(SAMPLE_BUYER)
  const status = statusArea()
  const button = h("button", { id: "checkout", class: "primary", type: "submit" }, t.continue)
  const card = (title: string, content: Node) => h("section", { class: "card" }, h("h2", {}, title), content)

  const form = h(
    "form",
    { class: "layout" },
    h("div", {}, card(t.chooseProduct, picker.node), card(t.contact, buyer.node), card(t.paymentStep, payment.node)),
    h("aside", { class: "card" }, h("h2", {}, t.yourOrder), picker.summary, h("div", { style: "margin-top:16px" }, button), ...status.nodes),
  )
  form.addEventListener("submit", (event) => {
    event.preventDefault()
    const method = payment.selected()
    if (!method) return status.error(t.methods.choose)
    void guarded(button, status, async () => {
      const cart = await store.createCart({ regionId: region.id, ...picker.choice(), buyer: buyer.read() }, (text) => status.step(text))
      await pay(app, store, cart, method, status)
    })
  })
  show(app, h("h1", {}, t.shopTitle), form)
  picker.start()
  await Promise.all(
    offers.map(async (o) => {
      // With the product, a product the store does not finance shows no installments line.
      const offer = await getOffer(store.sdk, { amount: o.price, currencyCode: currency, productId: o.productId, lang }).catch(() => undefined)
      picker.setProductOffer(o.variantId, offer ? formatInstallments(offer, lang) : null)
    }),
  )
}
