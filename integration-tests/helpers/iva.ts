import type { AxiosInstance } from "axios"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createProductsWorkflow, updateRegionsWorkflow } from "@medusajs/medusa/core-flows"
import { SAMPLE_SHIPPING_ADDRESS } from "../../src/scripts/demo-data"
import type { Storefront } from "./store"

/** A price with odd centavos: 16% IVA on it is 115.9884. */
export const ODD_PRICE = 99.99

/**
 * The demo region's 16% IVA, with its prices as `includeIva` says: the demo store's prices include
 * it; without it, Medusa adds IVA on top and a cart's total carries more than two decimals.
 */
export async function pricesIncludeIva(container: MedusaContainer, regionId: string, includeIva: boolean) {
  // The region's preference and the store's currency's: Medusa reads the product prices by the currency's.
  await updateRegionsWorkflow(container).run({ input: { selector: { id: regionId }, update: { is_tax_inclusive: includeIva } } })
  await container.resolve(Modules.PRICING).updatePricePreferences({ attribute: "currency_code", value: "mxn" }, { is_tax_inclusive: includeIva })
}

/** A product at ODD_PRICE in the demo store's sales channel; answers its variant's id. */
export async function oddPricedVariant(container: MedusaContainer, shop: Storefront): Promise<string> {
  // The profile the demo's shipping option serves.
  const { data: options } = await container
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({ entity: "shipping_option", fields: ["shipping_profile_id"], filters: { id: shop.store.shippingOptionId } })
  const { result } = await createProductsWorkflow(container).run({
    input: { products: [oddPricedProduct(options[0].shipping_profile_id, shop.store.salesChannelId)] },
  })
  return result[0].variants![0].id
}

/** A product of one variant at ODD_PRICE, as Medusa's admin API and createProductsWorkflow both take it. */
export function oddPricedProduct(shippingProfileId: string, salesChannelId: string) {
  return {
    title: "Taza de talavera",
    handle: "taza",
    status: "published" as const,
    shipping_profile_id: shippingProfileId,
    sales_channels: [{ id: salesChannelId }],
    options: [{ title: "Modelo", values: ["Estándar"] }],
    variants: [
      {
        title: "Estándar",
        sku: "TAZA-01",
        options: { Modelo: "Estándar" },
        manage_inventory: false,
        prices: [{ currency_code: "mxn", amount: ODD_PRICE }],
      },
    ],
  }
}

/** A shopper's cart of `quantity` units of `variantId` and the demo's shipping (99), as the store API makes it. */
export async function cartOf(api: AxiosInstance, shop: Storefront, variantId: string, quantity: number) {
  const headers = { headers: { "x-publishable-api-key": shop.store.publishableKey } }
  const { data } = await api.post(
    "/store/carts",
    { region_id: shop.store.regionId, email: "cliente@example.com", shipping_address: SAMPLE_SHIPPING_ADDRESS },
    headers,
  )
  const cartId: string = data.cart.id
  await api.post(`/store/carts/${cartId}/line-items`, { variant_id: variantId, quantity }, headers)
  const shipped = await api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: shop.store.shippingOptionId }, headers)
  return shipped.data.cart as { id: string; total: number; tax_total: number }
}
