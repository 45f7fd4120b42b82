import type Medusa from "@medusajs/js-sdk"
import type { HttpTypes } from "@medusajs/framework/types"
import { BNPL_PROVIDER_ID } from "../../../src/storefront/sdk"
import { t } from "./i18n"

export { BNPL_PROVIDER_ID }
export const MANUAL_PROVIDER_ID = "pp_system_default"

export interface Buyer {
  email: string
  address: HttpTypes.StoreAddAddress
}

export type Order = HttpTypes.StoreOrder
export type Cart = HttpTypes.StoreCart

const PRODUCT_FIELDS = "id,title,description,thumbnail,*variants,*variants.calculated_price"

/**
 * What the storefront asks of Medusa, through the JS SDK and the store API only, the way a
 * storefront hosted anywhere else would. Paying in installments goes through the plugin's
 * storefront kit (`medusa-payment-bnpl/storefront`) with the same `sdk`.
 */
export class DemoStore {
  constructor(readonly sdk: Medusa) {}

  /** The region to sell in: the one in Mexican pesos, which the seed creates. */
  async region(): Promise<HttpTypes.StoreRegion> {
    const { regions } = await this.sdk.store.region.list({ limit: 50 })
    const region = regions.find((r) => r.currency_code === "mxn") ?? regions[0]
    if (!region) throw new Error(t.noRegion)
    return region
  }

  async products(regionId: string): Promise<HttpTypes.StoreProduct[]> {
    const { products } = await this.sdk.store.product.list({ region_id: regionId, fields: PRODUCT_FIELDS, limit: 24 })
    return products
  }

  async paymentProviderIds(regionId: string): Promise<string[]> {
    const { payment_providers } = await this.sdk.store.payment.listPaymentProviders({ region_id: regionId })
    return payment_providers.map((provider) => provider.id)
  }

  retrieveCart(cartId: string): Promise<Cart> {
    return this.sdk.store.cart.retrieve(cartId, { fields: "+items.total" }).then(({ cart }) => cart)
  }

  /** A cart with one product, the buyer's details and the first shipping option. */
  async createCart(input: { regionId: string; variantId: string; quantity: number; buyer: Buyer }, onStep: (text: string) => void): Promise<Cart> {
    onStep(t.steps.creatingCart)
    const { cart } = await this.sdk.store.cart.create({ region_id: input.regionId })
    await this.sdk.store.cart.createLineItem(cart.id, { variant_id: input.variantId, quantity: input.quantity })
    onStep(t.steps.savingAddress)
    await this.sdk.store.cart.update(cart.id, {
      email: input.buyer.email,
      shipping_address: input.buyer.address,
      billing_address: input.buyer.address,
    })
    onStep(t.steps.choosingShipping)
    const { shipping_options } = await this.sdk.store.fulfillment.listCartOptions({ cart_id: cart.id })
    const option = shipping_options.find((o) => !o.insufficient_inventory) ?? shipping_options[0]
    if (!option) throw new Error(t.errors.noShipping)
    const { cart: shipped } = await this.sdk.store.cart.addShippingMethod(cart.id, { option_id: option.id })
    return shipped
  }

  /** Medusa's system provider: a session, then the order at once. */
  async payManually(cart: Cart): Promise<Order> {
    const { payment_collection } = await this.sdk.store.payment.initiatePaymentSession(cart, { provider_id: MANUAL_PROVIDER_ID })
    if (!payment_collection.payment_sessions?.some((s) => s.provider_id === MANUAL_PROVIDER_ID)) throw new Error(t.errors.notStarted)
    const result = await this.complete(cart.id)
    if ("error" in result) throw new Error(result.error)
    return result.order
  }

  /** Places the order, or answers why not. Completing a completed cart answers its order. */
  async complete(cartId: string): Promise<{ order: Order } | { error: string }> {
    try {
      const result = await this.sdk.store.cart.complete(cartId)
      return result.type === "order" ? { order: result.order } : { error: result.error.message }
    } catch (error) {
      return { error: error instanceof Error && error.message ? error.message : t.errors.notPlaced }
    }
  }
}
