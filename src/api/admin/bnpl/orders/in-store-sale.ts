import type { MedusaContainer } from "@medusajs/framework/types"
import { BnplServiceError } from "../../../../lib/service/client"
import { checkoutQr } from "../../../../lib/service/checkout-qr"
import { toDecimal } from "../../../../lib/service/money"
import { bnplFromContainer } from "../../../../lib/options/resolve-options"
import { askedOf, type PhoneSaleOrderRow, readPhoneSaleOrder, saleSessionOf } from "../../../../lib/ledger/sale-by-phone"
import { displayPhone, type InStoreJson, type InStoreSaleJson } from "./in-store-view"

/**
 * The order page's *Send installments link* card, as every sale-by-phone route answers it: what
 * the order asks, and its newest sale by phone with its status live from the status query. The
 * sale itself (send, send again, cancel) is made by src/workflows/sell-by-phone.ts,
 * resend-by-phone.ts and cancel-by-phone.ts.
 */
export async function inStoreSaleOf(container: MedusaContainer, orderId: string): Promise<InStoreJson> {
  const { options, client } = bnplFromContainer(container)
  const order = await readPhoneSaleOrder(container, orderId)
  const asked = askedOf(order)
  const found = saleSessionOf(order)
  let sale: InStoreSaleJson | null = null
  if (found) {
    const { session, data } = found
    let statusError: string | null = null
    const loan = await client.getLoan(data.service_cart_id, data.loan_id).catch((error) => {
      // The card keeps what it knows and says the service could not be asked; the message holds no secret (client.ts).
      if (!(error instanceof BnplServiceError)) throw error
      statusError = error.message
      return undefined
    })
    sale = {
      loan_id: data.loan_id,
      service_cart_id: data.service_cart_id,
      status: loan?.status ?? null,
      phone: data.in_store.phone,
      phone_display: displayPhone(data.in_store.phone),
      channel: data.in_store.channel,
      shop_id: data.in_store.shop_id,
      qr: data.in_store.channel === "q" ? checkoutQr(data.in_store.qr, data.checkout_url || undefined) : null,
      url: data.checkout_url || null,
      authorized: session.status === "authorized",
      status_error: statusError,
    }
  }
  return {
    payment_collection_id: asked?.collection?.id ?? null,
    amount: asked ? toDecimal(asked.amount) : null,
    currency_code: asked?.currency ?? null,
    phone_suggestion: phoneSuggestion(order),
    channels: options.inStoreChannels,
    branches: options.inStoreBranches.map((b) => ({ name: b.name, shop_id: b.shopId })),
    sale,
  }
}

/** The phone on the order, as ten digits: the shipping address's, the billing address's, the customer's. */
function phoneSuggestion(order: PhoneSaleOrderRow): string | null {
  for (const phone of [order.shipping_address?.phone, order.billing_address?.phone, order.customer?.phone]) {
    const digits = (phone ?? "").replace(/\D/g, "")
    if (digits.length >= 10) return digits.slice(-10)
  }
  return null
}
