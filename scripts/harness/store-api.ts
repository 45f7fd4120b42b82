import { z } from "zod"
import { SAMPLE_SHIPPING_ADDRESS, type DemoStore } from "../../src/scripts/demo-data"
import { requestJson, type JsonReply } from "./http"

export const BNPL = "pp_bnpl_bnpl"
export const SYSTEM = "pp_system_default"
export type ProviderId = typeof BNPL | typeof SYSTEM

const CartReply = z.object({ cart: z.object({ id: z.string() }) })
const CollectionReply = z.object({ payment_collection: z.object({ id: z.string() }) })
const Session = z.object({ id: z.string(), provider_id: z.string(), status: z.string(), data: z.record(z.string(), z.unknown()).nullish() })
const SessionsReply = z.object({ payment_collection: z.object({ payment_sessions: z.array(Session) }) })
const OrderReply = z.object({ type: z.literal("order"), order: z.object({ id: z.string() }) })

export interface ReadyCart {
  cartId: string
  collectionId: string
}

export interface StartedSession {
  sessionId: string
  /** Set for pp_bnpl_bnpl: the loan the provider created at the service. */
  loanId?: number
}

/**
 * The same cart every time: one item of the first variant, shipped to the same address.
 * Only the e-mail differs: Medusa creates a guest customer per e-mail, and two carts created
 * at once with the same one race (one fails with "Customer … already exists").
 */
let carts = 0
const CART_BODY = { shipping_address: SAMPLE_SHIPPING_ADDRESS }

/** What a storefront does at checkout, through the standard store API (integration-tests/helpers/store.ts). */
export class StoreApi {
  constructor(
    readonly baseUrl: string,
    private readonly store: DemoStore,
  ) {}

  private call(path: string, body: unknown, timeoutMs?: number): Promise<JsonReply> {
    return requestJson("POST", `${this.baseUrl}${path}`, {
      headers: { "x-publishable-api-key": this.store.publishableKey },
      body,
      timeoutMs,
    })
  }

  /** A cart ready for payment: item, address, shipping method, payment collection. */
  async readyCart(): Promise<ReadyCart> {
    const body = {
      ...CART_BODY,
      email: `cliente+${process.pid}-${++carts}@example.com`,
      region_id: this.store.regionId,
      items: [{ variant_id: this.store.variantIds[0], quantity: 1 }],
    }
    const created = expectOk("create cart", await this.call("/store/carts", body))
    const cartId = CartReply.parse(created).cart.id
    expectOk("shipping method", await this.call(`/store/carts/${cartId}/shipping-methods`, { option_id: this.store.shippingOptionId }))
    const collection = expectOk("payment collection", await this.call("/store/payment-collections", { cart_id: cartId }))
    return { cartId, collectionId: CollectionReply.parse(collection).payment_collection.id }
  }

  /** POST /store/payment-collections/:id/payment-sessions, timed; the raw reply. */
  startSession(collectionId: string, provider: ProviderId, timeoutMs?: number): Promise<JsonReply> {
    return this.call(`/store/payment-collections/${collectionId}/payment-sessions`, { provider_id: provider }, timeoutMs)
  }

  complete(cartId: string, timeoutMs?: number): Promise<JsonReply> {
    return this.call(`/store/carts/${cartId}/complete`, {}, timeoutMs)
  }
}

/** The session a successful startSession created for `provider`. */
export function sessionOf(reply: JsonReply, provider: ProviderId): StartedSession {
  const sessions = SessionsReply.parse(expectOk("payment session", reply)).payment_collection.payment_sessions
  const session = sessions.find((candidate) => candidate.provider_id === provider)
  if (!session) throw new Error(`payment session: no ${provider} session in the reply`)
  const loanId = session.data?.loan_id
  return { sessionId: session.id, ...(typeof loanId === "number" ? { loanId } : {}) }
}

export function orderOf(reply: JsonReply): string | undefined {
  const parsed = OrderReply.safeParse(reply.body)
  return reply.status === 200 && parsed.success ? parsed.data.order.id : undefined
}

function expectOk(step: string, reply: JsonReply): unknown {
  if (reply.status !== 200) throw new Error(`${step}: HTTP ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`)
  return reply.body
}
