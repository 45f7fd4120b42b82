import type { DemoStore } from "../../src/scripts/demo-data"
import { oddPricedProduct } from "../helpers/iva"
import { ok } from "./http"
import type { AdminCalls } from "./system"

/**
 * The demo region's prices without IVA, through Medusa's admin API (for a Medusa in its own
 * process: the chaos run's), and a product at odd centavos: 16% IVA on top leaves a cart's
 * total with more than two decimals. Answers the product's variant, for every cart of the run.
 */
export async function ivaOnTop(admin: AdminCalls, store: DemoStore): Promise<string> {
  await pricesIncludeIva(admin, store, false)
  const option = ok("shipping option", await admin.get(`/admin/shipping-options/${store.shippingOptionId}?fields=shipping_profile_id`)) as {
    shipping_option: { shipping_profile_id: string }
  }
  const created = ok(
    "product",
    await admin.post("/admin/products", oddPricedProduct(option.shipping_option.shipping_profile_id, store.salesChannelId)),
  ) as {
    product: { variants: Array<{ id: string }> }
  }
  return created.product.variants[0].id
}

/** The region's preference and the currency's: Medusa reads the product prices by the currency's (the demo's: IVA included). */
export async function pricesIncludeIva(admin: AdminCalls, store: DemoStore, includeIva: boolean): Promise<void> {
  ok("region", await admin.post(`/admin/regions/${store.regionId}`, { is_tax_inclusive: includeIva }))
  const found = ok("price preferences", await admin.get("/admin/price-preferences?attribute=currency_code&value=mxn")) as {
    price_preferences: Array<{ id: string }>
  }
  const [preference] = found.price_preferences
  const body = { is_tax_inclusive: includeIva }
  ok(
    "price preference",
    preference
      ? await admin.post(`/admin/price-preferences/${preference.id}`, body)
      : await admin.post("/admin/price-preferences", { attribute: "currency_code", value: "mxn", ...body }),
  )
}
