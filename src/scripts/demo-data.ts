import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  createApiKeysWorkflow,
  createInventoryLevelsWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
  createStockLocationsWorkflow,
  createTaxRegionsWorkflow,
  createUserAccountWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
  updateStoresWorkflow,
} from "@medusajs/medusa/core-flows"

/**
 * The demo store: a Mexico region in MXN with 16% IVA that offers pay in
 * installments next to Medusa's system provider, one warehouse, one flat
 * shipping option and a few products. Prices include IVA, as Mexican consumer
 * prices are shown: a cart's total is the sum of its prices, and Medusa's tax
 * and subtotal carry more than two decimals. Idempotent: a store that already has the region is left alone,
 * so a second `npm start` reuses the data.
 */
export const REGION_NAME = "Mexico"
/** Mexico's general rate of IVA, percent. */
export const IVA_RATE = 16

/** A plausible Mexican buyer's address, for the tests and the benchmarks' carts. */
export const SAMPLE_SHIPPING_ADDRESS = {
  first_name: "Ana",
  last_name: "García",
  address_1: "Calle Falsa 123",
  city: "Guadalajara",
  country_code: "mx",
  postal_code: "44100",
  phone: "3312345678",
}

export interface DemoStore {
  regionId: string
  salesChannelId: string
  publishableKey: string
  shippingOptionId: string
  variantIds: string[]
  created: boolean
}

const PRODUCTS = [
  { title: "Bicicleta de montaña", handle: "bicicleta", price: 8999, sku: "BICI-01", description: "Aluminium frame, 21 speeds." },
  { title: "Audífonos inalámbricos", handle: "audifonos", price: 1499, sku: "AUD-01", description: "Noise cancelling, 30 h battery." },
  { title: "Cafetera espresso", handle: "cafetera", price: 3250.5, sku: "CAF-01", description: "15 bar pump, steam wand." },
]

/**
 * The languages the store offers its shoppers, in Medusa's codes: `GET /store/locales` answers
 * them, and Medusa's starter storefront shows its language selector only when it does.
 */
export const STORE_LOCALES = ["es-MX", "en-US"]

export async function seedDemoStore(container: MedusaContainer, admin?: { email: string; password: string }): Promise<DemoStore> {
  const store = (await findDemoStore(container)) ?? (await createDemoStore(container, admin))
  await offerStoreLocales(container)
  return store
}

async function createDemoStore(container: MedusaContainer, admin?: { email: string; password: string }): Promise<DemoStore> {
  const salesChannel = await createStoreFront(container)
  const region = await createRegion(container)
  const { location, serviceZoneId } = await createWarehouse(container)
  const { profileId, shippingOptionId } = await createShipping(container, region.id, serviceZoneId)
  await linkSalesChannelsToStockLocationWorkflow(container).run({ input: { id: location.id, add: [salesChannel.id] } })
  const {
    result: [apiKey],
  } = await createApiKeysWorkflow(container).run({
    input: { api_keys: [{ title: "Demo storefront", type: "publishable", created_by: "" }] },
  })
  await linkSalesChannelsToApiKeyWorkflow(container).run({ input: { id: apiKey.id, add: [salesChannel.id] } })
  const variantIds = await createProducts(container, profileId, salesChannel.id, location.id)
  if (admin) await createAdminUser(container, admin)
  return { regionId: region.id, salesChannelId: salesChannel.id, publishableKey: apiKey.token, shippingOptionId, variantIds, created: true }
}

/** The sales channel, made the store's default, with MXN as its currency. */
async function createStoreFront(container: MedusaContainer) {
  const [store] = await container.resolve(Modules.STORE).listStores()
  const {
    result: [salesChannel],
  } = await createSalesChannelsWorkflow(container).run({
    input: { salesChannelsData: [{ name: "Tienda en línea", description: "Demo storefront" }] },
  })
  await updateStoresWorkflow(container).run({
    input: {
      selector: { id: store.id },
      update: {
        supported_currencies: [{ currency_code: "mxn", is_default: true, is_tax_inclusive: true }],
        default_sales_channel_id: salesChannel.id,
      },
    },
  })
  return salesChannel
}

/**
 * STORE_LOCALES, unless the store has languages already (an admin's choice stays). A data
 * folder seeded before the store had languages gets them on its next start.
 */
async function offerStoreLocales(container: MedusaContainer) {
  const [store] = await container.resolve(Modules.STORE).listStores({}, { relations: ["supported_locales"] })
  if (store.supported_locales?.length) return
  await updateStoresWorkflow(container).run({
    input: { selector: { id: store.id }, update: { supported_locales: STORE_LOCALES.map((locale_code) => ({ locale_code })) } },
  })
}

/** Mexico in MXN, prices with IVA included, pay in installments beside Medusa's system provider, and its tax region: IVA at 16%. */
async function createRegion(container: MedusaContainer) {
  const {
    result: [region],
  } = await createRegionsWorkflow(container).run({
    input: {
      regions: [
        {
          name: REGION_NAME,
          currency_code: "mxn",
          countries: ["mx"],
          is_tax_inclusive: true,
          payment_providers: ["pp_bnpl_bnpl", "pp_system_default"],
        },
      ],
    },
  })
  await createTaxRegionsWorkflow(container).run({
    input: [{ country_code: "mx", provider_id: "tp_system", default_tax_rate: { name: "IVA", code: "IVA", rate: IVA_RATE } }],
  })
  return region
}

/** One warehouse that ships all of Mexico by hand (the manual fulfillment provider). */
async function createWarehouse(container: MedusaContainer) {
  const {
    result: [location],
  } = await createStockLocationsWorkflow(container).run({
    input: { locations: [{ name: "Almacén CDMX", address: { city: "Ciudad de México", country_code: "MX", address_1: "Av. Reforma 1" } }] },
  })
  const link = container.resolve(ContainerRegistrationKeys.LINK)
  await link.create({
    [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
    [Modules.FULFILLMENT]: { fulfillment_provider_id: "manual_manual" },
  })
  const fulfillmentSet = await container.resolve(Modules.FULFILLMENT).createFulfillmentSets({
    name: "Envíos México",
    type: "shipping",
    service_zones: [{ name: "México", geo_zones: [{ country_code: "mx", type: "country" }] }],
  })
  await link.create({
    [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
    [Modules.FULFILLMENT]: { fulfillment_set_id: fulfillmentSet.id },
  })
  return { location, serviceZoneId: fulfillmentSet.service_zones[0].id }
}

/** The default shipping profile and one flat-rate option of 99 MXN. */
async function createShipping(container: MedusaContainer, regionId: string, serviceZoneId: string) {
  const {
    result: [profile],
  } = await createShippingProfilesWorkflow(container).run({ input: { data: [{ name: "Default", type: "default" }] } })
  const {
    result: [shippingOption],
  } = await createShippingOptionsWorkflow(container).run({
    input: [
      {
        name: "Envío estándar",
        price_type: "flat",
        provider_id: "manual_manual",
        service_zone_id: serviceZoneId,
        shipping_profile_id: profile.id,
        type: { label: "Estándar", description: "3-5 días", code: "standard" },
        prices: [
          { currency_code: "mxn", amount: 99 },
          { region_id: regionId, amount: 99 },
        ],
        rules: [
          { attribute: "enabled_in_store", value: "true", operator: "eq" },
          { attribute: "is_return", value: "false", operator: "eq" },
        ],
      },
    ],
  })
  return { profileId: profile.id, shippingOptionId: shippingOption.id }
}

/** PRODUCTS, published in the sales channel, with more stock than any run sells; answers their variants. */
async function createProducts(container: MedusaContainer, profileId: string, salesChannelId: string, locationId: string): Promise<string[]> {
  const { result: products } = await createProductsWorkflow(container).run({
    input: {
      products: PRODUCTS.map((p) => ({
        title: p.title,
        handle: p.handle,
        description: p.description,
        status: "published" as const,
        shipping_profile_id: profileId,
        sales_channels: [{ id: salesChannelId }],
        options: [{ title: "Modelo", values: ["Estándar"] }],
        variants: [
          {
            title: "Estándar",
            sku: p.sku,
            options: { Modelo: "Estándar" },
            manage_inventory: true,
            prices: [{ currency_code: "mxn", amount: p.price }],
          },
        ],
      })),
    },
  })
  const { data: items } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({ entity: "inventory_item", fields: ["id"] })
  await createInventoryLevelsWorkflow(container).run({
    input: { inventory_levels: items.map((item) => ({ location_id: locationId, stocked_quantity: 1_000_000, inventory_item_id: item.id })) },
  })
  return products.flatMap((p) => (p.variants ?? []).map((v) => v.id))
}

export async function findDemoStore(container: MedusaContainer): Promise<DemoStore | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: regions } = await query.graph({ entity: "region", fields: ["id"], filters: { name: REGION_NAME } })
  if (!regions.length) return undefined
  const [{ data: keys }, { data: options }, { data: variants }] = await Promise.all([
    query.graph({ entity: "api_key", fields: ["token", "sales_channels.id"], filters: { type: "publishable", title: "Demo storefront" } }),
    query.graph({ entity: "shipping_option", fields: ["id"], filters: { name: "Envío estándar" } }),
    query.graph({ entity: "product_variant", fields: ["id"], filters: { sku: PRODUCTS.map((p) => p.sku) } }),
  ])
  const key = keys[0] as { token: string; sales_channels?: Array<{ id: string } | null> }
  return {
    regionId: regions[0].id,
    salesChannelId: key?.sales_channels?.[0]?.id ?? "",
    publishableKey: key?.token ?? "",
    shippingOptionId: options[0]?.id ?? "",
    variantIds: variants.map((v) => v.id),
    created: false,
  }
}

async function createAdminUser(container: MedusaContainer, { email, password }: { email: string; password: string }) {
  const auth = container.resolve(Modules.AUTH)
  const { authIdentity, error } = await auth.register("emailpass", { body: { email, password } })
  if (error || !authIdentity) throw new Error(`could not create the admin user ${email}: ${error}`)
  await createUserAccountWorkflow(container).run({ input: { authIdentityId: authIdentity.id, userData: { email } } })
}
