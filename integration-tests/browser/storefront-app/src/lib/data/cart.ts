"use server"

import { sdk } from "@lib/config"
import { HttpTypes } from "@medusajs/types"
import { revalidateTag } from "next/cache"
import { redirect } from "next/navigation"
import { getCacheTag, getCartId, removeCartId } from "./cookies"

const CART_FIELDS = "*items, *region, +shipping_methods.name, *payment_collection.payment_sessions"

export async function retrieveCart(cartId?: string) {
  const id = cartId || (await getCartId())
  if (!id) return null
  return sdk.store.cart
    .retrieve(id, { fields: CART_FIELDS }, {})
    .then(({ cart }) => cart)
    .catch(() => null)
}

export async function listCartPaymentMethods(regionId: string) {
  const { payment_providers } = await sdk.store.payment.listPaymentProviders({ region_id: regionId })
  return payment_providers
}

export async function initiatePaymentSession(cart: HttpTypes.StoreCart, data: HttpTypes.StoreInitializePaymentSession) {
  const resp = await sdk.store.payment.initiatePaymentSession(cart, data, {}, {})
  revalidateTag(await getCacheTag("carts"))
  return resp
}

export async function placeOrder(cartId?: string) {
  const id = cartId || (await getCartId())
  if (!id) throw new Error("No existing cart found when placing an order")
  const cartRes = await sdk.store.cart.complete(id, {}, {})
  revalidateTag(await getCacheTag("carts"))
  if (cartRes?.type === "order") {
    const countryCode = cartRes.order.shipping_address?.country_code?.toLowerCase()
    revalidateTag(await getCacheTag("orders"))
    await removeCartId()
    redirect(`/${countryCode}/order/${cartRes?.order.id}/confirmed`)
  }
  return cartRes.cart
}
