import type { Sandbox } from "../../packages/sandbox"
import { SAMPLE_SHIPPING_ADDRESS, type DemoStore } from "../../src/scripts/demo-data"
import { ok, type Reply, requestJson } from "./http"

/**
 * What the money model drives, and nothing more: the store API, the admin API, the sandbox
 * (in this process) and read access to Medusa's database. The http spec and the chaos
 * scenario each build one; the model does not know which Medusa it talks to.
 */
export interface ModelSystem {
  store: StoreCalls
  admin: AdminCalls
  sandbox: Sandbox
  sql: Sql
  /** Medusa captures a loan's payment when the cart completes (BNPL_AUTO_CAPTURE=true). */
  autoCapture: boolean
  /** The store places the order before the loan is paid (BNPL_ORDER_BEFORE_FINANCING=true): the shopper completes the cart first. */
  orderBeforeFinancing?: boolean
  /** The store's own code refusing orders after the payment, where the model can install it (in Medusa's process). */
  orderRefusal?: OrderRefusal
  /** A received return refunds what the order then owes (BNPL_REFUND_ON_RETURN=true). */
  refundOnReturn?: boolean
  /** The store's own code calling Medusa's workflows, where the model can run it (in Medusa's process). */
  storeCode?: StoreCode
  /** The admin can sell by phone (BNPL_IN_STORE_SHOP_ID set; BNPL_MERCHANT_URL for *Send again*). */
  inStore?: boolean
}

/**
 * Medusa's own workflows as a store's code runs them, outside the plugin's routes. Each answers
 * the error Medusa's run ended with, or undefined when it went through.
 */
export interface StoreCode {
  cancelOrder(orderId: string): Promise<string | undefined>
  /** `amount` in major units, as Medusa takes it. */
  refundPayment(paymentId: string, amount: number): Promise<string | undefined>
}

/**
 * A store's `completeCartWorkflow` hook (`orderCreated`) that throws for the carts in `refusing`:
 * it runs after the payment is authorized (and, with autoCapture, captured), so Medusa rolls the
 * completion back. It counts, per cart, the orders it refused.
 */
export interface OrderRefusal {
  refusing: Set<string>
  refused: Map<string, number>
}

/** One SQL statement with `$1`-style parameters; arrays are passed joined, see facts.ts. */
export type Sql = <Row extends object>(text: string, params?: unknown[]) => Promise<Row[]>

export interface ReadyCart {
  cartId: string
  itemId: string
  collectionId: string
}

export interface StoreCalls {
  /** A cart ready for payment: one line of `quantity`, an address, a shipping method, a payment collection. */
  readyCart(quantity: number): Promise<ReadyCart>
  setQuantity(cartId: string, itemId: string, quantity: number): Promise<Reply>
  /** Selecting "Pay in installments": a pp_bnpl_bnpl session on the cart's collection. */
  startSession(collectionId: string): Promise<Reply>
  complete(cartId: string): Promise<Reply>
  /** The payment link's page: whether installments may pay the balance, and what the page does next (`next_step`). */
  balanceEligibility(collectionId: string): Promise<Reply>
  /** The return page of an order's balance: the plugin's confirm route, which asks the service whether the balance's loan is paid. */
  confirmBalance(collectionId: string): Promise<Reply>
  /** A variant other than the carts' own, for an item the admin adds to an order. */
  readonly extraVariantId: string
}

export interface AdminCalls {
  post(path: string, body?: unknown): Promise<Reply>
  get(path: string): Promise<Reply>
}

/** The variant with cents in its price (3,250.50 MXN), so that amounts are never round. */
const VARIANT = 2
let carts = 0

/** The store and admin APIs of the Medusa at `baseUrl`, over real HTTP; `cartVariant`: the variant every cart holds, other than the demo's. */
export async function httpCalls(
  baseUrl: string,
  store: DemoStore,
  admin: { email: string; password: string },
  cartVariant?: string,
): Promise<Pick<ModelSystem, "store" | "admin">> {
  const login = await requestJson("POST", `${baseUrl}/auth/user/emailpass`, {}, admin)
  const token = (login.body as { token?: unknown } | null)?.token
  if (login.status !== 200 || typeof token !== "string") throw new Error(`admin login: HTTP ${login.status}`)
  const adminHeaders = { authorization: `Bearer ${token}` }
  return {
    store: new HttpStore(baseUrl, store, cartVariant ?? store.variantIds[VARIANT]),
    admin: {
      post: (path, body) => requestJson("POST", `${baseUrl}${path}`, adminHeaders, body ?? {}),
      get: (path) => requestJson("GET", `${baseUrl}${path}`, adminHeaders),
    },
  }
}

class HttpStore implements StoreCalls {
  private readonly headers: Record<string, string>
  readonly extraVariantId: string

  constructor(
    private readonly baseUrl: string,
    private readonly demo: DemoStore,
    private readonly cartVariant: string,
  ) {
    this.headers = { "x-publishable-api-key": demo.publishableKey }
    this.extraVariantId = demo.variantIds[VARIANT - 1]
  }

  private post(path: string, body: unknown = {}): Promise<Reply> {
    return requestJson("POST", `${this.baseUrl}${path}`, this.headers, body)
  }

  async readyCart(quantity: number): Promise<ReadyCart> {
    // One e-mail per cart: Medusa makes a guest customer per e-mail, and the plugin looks for look-alike orders by it.
    const email = `model+${process.pid}-${++carts}@example.com`
    const items = [{ variant_id: this.cartVariant, quantity }]
    const created = ok(
      "create cart",
      await this.post("/store/carts", { region_id: this.demo.regionId, email, shipping_address: SAMPLE_SHIPPING_ADDRESS, items }),
    )
    const cart = (created as { cart: { id: string; items: Array<{ id: string }> } }).cart
    ok("shipping method", await this.post(`/store/carts/${cart.id}/shipping-methods`, { option_id: this.demo.shippingOptionId }))
    const collection = ok("payment collection", await this.post("/store/payment-collections", { cart_id: cart.id }))
    return { cartId: cart.id, itemId: cart.items[0].id, collectionId: (collection as { payment_collection: { id: string } }).payment_collection.id }
  }

  setQuantity(cartId: string, itemId: string, quantity: number): Promise<Reply> {
    return this.post(`/store/carts/${cartId}/line-items/${itemId}`, { quantity })
  }

  startSession(collectionId: string): Promise<Reply> {
    return this.post(`/store/payment-collections/${collectionId}/payment-sessions`, { provider_id: "pp_bnpl_bnpl" })
  }

  complete(cartId: string): Promise<Reply> {
    return this.post(`/store/carts/${cartId}/complete`)
  }

  balanceEligibility(collectionId: string): Promise<Reply> {
    return requestJson("GET", `${this.baseUrl}/store/bnpl/payment-collections/${collectionId}`, this.headers)
  }

  confirmBalance(collectionId: string): Promise<Reply> {
    return this.post(`/store/bnpl/payment-collections/${collectionId}/confirm`)
  }
}
