import type Medusa from "@medusajs/js-sdk"
import type { HttpTypes } from "@medusajs/framework/types"
import { sleep } from "./dom"

export const BNPL_PROVIDER_ID = "pp_bnpl_bnpl"
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
 * storefront hosted anywhere else would.
 */
export class DemoStore {
  constructor(private readonly sdk: Medusa) {}

  /** The region to sell in: the one in Mexican pesos, which the seed creates. */
  async region(): Promise<HttpTypes.StoreRegion> {
    const { regions } = await this.sdk.store.region.list({ limit: 50 })
    const region = regions.find((r) => r.currency_code === "mxn") ?? regions[0]
    if (!region) throw new Error("The store has no region yet. Run the seed (npm start does).")
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
  async createCart(
    input: { regionId: string; variantId: string; quantity: number; buyer: Buyer },
    onStep: (text: string) => void
  ): Promise<Cart> {
    onStep("Creating your cart…")
    const { cart } = await this.sdk.store.cart.create({ region_id: input.regionId })
    await this.sdk.store.cart.createLineItem(cart.id, { variant_id: input.variantId, quantity: input.quantity })
    onStep("Saving your address…")
    await this.sdk.store.cart.update(cart.id, {
      email: input.buyer.email,
      shipping_address: input.buyer.address,
      billing_address: input.buyer.address,
    })
    onStep("Choosing shipping…")
    const { shipping_options } = await this.sdk.store.fulfillment.listCartOptions({ cart_id: cart.id })
    const option = shipping_options.find((o) => !o.insufficient_inventory) ?? shipping_options[0]
    if (!option) throw new Error("No shipping option delivers to this address.")
    const { cart: shipped } = await this.sdk.store.cart.addShippingMethod(cart.id, { option_id: option.id })
    return shipped
  }

  /**
   * Starts a payment with the chosen provider. For pay in installments the answer is the
   * financing service's checkout page, where the customer goes next.
   */
  async startPayment(cart: Cart, providerId: string): Promise<{ checkoutUrl?: string }> {
    const { payment_collection } = await this.sdk.store.payment.initiatePaymentSession(cart, { provider_id: providerId })
    const session = payment_collection.payment_sessions?.find((s) => s.provider_id === providerId)
    if (!session) throw new Error("The store did not start the payment. Try again.")
    if (providerId !== BNPL_PROVIDER_ID) return {}
    const url = session.data?.checkout_url
    if (typeof url !== "string" || !url) throw new Error("The financing service did not return a checkout page.")
    return { checkoutUrl: url }
  }

  /** Places the order, or answers why not (for instance: the first installment is not paid yet). */
  async complete(cartId: string): Promise<{ order: Order } | { error: string }> {
    try {
      const result = await this.sdk.store.cart.complete(cartId)
      return result.type === "order" ? { order: result.order } : { error: result.error.message }
    } catch (error) {
      return { error: error instanceof Error && error.message ? error.message : "The store could not place the order." }
    }
  }

  /**
   * The financing service's webhook may be placing this very order while the customer lands
   * on the success page; completing a completed cart answers the same order, so retrying a
   * few times is safe.
   */
  async completeWithRetry(
    cartId: string,
    { attempts = 6, delayMs = 1500, onRetry }: { attempts?: number; delayMs?: number; onRetry?: (error: string, attempt: number) => void } = {}
  ): Promise<{ order: Order } | { error: string }> {
    let result = await this.complete(cartId)
    for (let attempt = 1; attempt < attempts && "error" in result; attempt++) {
      onRetry?.(result.error, attempt)
      await sleep(delayMs)
      result = await this.complete(cartId)
    }
    return result
  }
}
