import type { AxiosInstance } from "axios"
import type { MedusaContainer } from "@medusajs/framework/types"
import { SAMPLE_SHIPPING_ADDRESS, seedDemoStore, type DemoStore } from "../../src/scripts/demo-data"
import type { TestEnvironment } from "./environment"

export const ADMIN = { email: "admin@test.local", password: "admin-password" }

/** What a storefront does, step by step, through the standard store API. */
export class Storefront {
  private seeded?: DemoStore

  constructor(private readonly api: AxiosInstance) {}

  get store(): DemoStore {
    if (!this.seeded) throw new Error("the demo store is not seeded yet: use the Storefront inside a test")
    return this.seeded
  }

  useStore(store: DemoStore) {
    this.seeded = store
  }

  private get headers() {
    return { headers: { "x-publishable-api-key": this.store.publishableKey }, validateStatus: () => true }
  }

  async cart(options: { quantity?: number; variant?: number; currency?: string; regionId?: string } = {}) {
    const { data, status } = await this.api.post(
      "/store/carts",
      {
        region_id: options.regionId ?? this.store.regionId,
        email: "cliente@example.com",
        shipping_address: SAMPLE_SHIPPING_ADDRESS,
      },
      this.headers,
    )
    if (status !== 200) throw new Error(`create cart: ${status} ${JSON.stringify(data)}`)
    const cartId: string = data.cart.id
    await this.addItem(cartId, options.variant ?? 0, options.quantity ?? 1)
    const shipping = await this.api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: this.store.shippingOptionId }, this.headers)
    if (shipping.status !== 200) throw new Error(`shipping: ${shipping.status} ${JSON.stringify(shipping.data)}`)
    return shipping.data.cart as { id: string; total: number; items: Array<{ id: string; quantity: number; unit_price: number }> }
  }

  async addItem(cartId: string, variant = 0, quantity = 1) {
    const { data, status } = await this.api.post(
      `/store/carts/${cartId}/line-items`,
      { variant_id: this.store.variantIds[variant], quantity },
      this.headers,
    )
    if (status !== 200) throw new Error(`add item: ${status} ${JSON.stringify(data)}`)
    return data.cart
  }

  async paymentCollection(cartId: string): Promise<string> {
    const { data, status } = await this.api.post("/store/payment-collections", { cart_id: cartId }, this.headers)
    if (status !== 200) throw new Error(`payment collection: ${status} ${JSON.stringify(data)}`)
    return data.payment_collection.id
  }

  /** `initiatePaymentSession(cart, { provider_id })`: answers the raw response. */
  async startSession(cartId: string, providerId = "pp_bnpl_bnpl", data?: Record<string, unknown>) {
    const collectionId = await this.paymentCollection(cartId)
    return this.api.post(
      `/store/payment-collections/${collectionId}/payment-sessions`,
      { provider_id: providerId, ...(data ? { data } : {}) },
      this.headers,
    )
  }

  /** The bnpl session's data, which is what a storefront redirects with. */
  async bnplSession(cartId: string) {
    const response = await this.startSession(cartId)
    if (response.status !== 200) throw new Error(`session: ${response.status} ${JSON.stringify(response.data)}`)
    const session = response.data.payment_collection.payment_sessions.find((s: { provider_id: string }) => s.provider_id === "pp_bnpl_bnpl")
    return session as {
      id: string
      amount: number
      status: string
      data: { checkout_url: string; loan_id: number; service_cart_id: string; amount: string }
    }
  }

  complete(cartId: string) {
    return this.api.post(`/store/carts/${cartId}/complete`, {}, this.headers)
  }
}

/**
 * The common start of every http spec, called inside `testSuite`: the demo
 * store seeded once (before the runner snapshots the database), and the
 * sandbox forgetting loans and faults before each test.
 */
export function useStorefront(env: TestEnvironment, api: AxiosInstance, getContainer: () => MedusaContainer): Storefront {
  const shop = new Storefront(api)
  beforeAll(async () => {
    shop.useStore(await seedDemoStore(getContainer(), ADMIN))
  })
  beforeEach(() => {
    env.sandbox.reset()
    env.sandbox.setFaults({})
  })
  return shop
}

export async function adminHeaders(api: AxiosInstance) {
  const { data } = await api.post("/auth/user/emailpass", ADMIN)
  return { headers: { authorization: `Bearer ${data.token}` }, validateStatus: () => true }
}

/**
 * Orders of a cart, read from the database through Medusa's query: those linked to the cart,
 * and those that hold its payment collection without the link (a completion cut short), so
 * that an unlinked duplicate is counted too.
 */
export async function ordersOfCart(container: MedusaContainer, cartId: string) {
  const query = container.resolve("query")
  const [{ data: linked }, { data: carts }] = await Promise.all([
    query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } }),
    query.graph({ entity: "cart", fields: ["payment_collection.id"], filters: { id: cartId } }),
  ])
  const collectionId = (carts[0] as { payment_collection?: { id: string } | null } | undefined)?.payment_collection?.id
  const { data: holding } = collectionId
    ? await query.graph({ entity: "order_payment_collection", fields: ["order_id"], filters: { payment_collection_id: collectionId } })
    : { data: [] }
  const ids = new Set([...linked, ...holding].map((row) => (row as { order_id: string }).order_id))
  return [...ids].map((order_id) => ({ order_id }))
}

export async function sessionsOfCart(container: MedusaContainer, cartId: string) {
  const query = container.resolve("query")
  const { data } = await query.graph({
    entity: "cart",
    fields: ["payment_collection.payment_sessions.*"],
    filters: { id: cartId },
  })
  return ((data[0] as { payment_collection?: { payment_sessions?: unknown[] } })?.payment_collection?.payment_sessions ?? []) as Array<{
    id: string
    status: string
    provider_id: string
    data: Record<string, unknown>
  }>
}
