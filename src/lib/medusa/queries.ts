import type { BigNumberInput, CartDTO, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, decorateCartTotals, Modules } from "@medusajs/framework/utils"
import { exactSum } from "../service/money"
import { awaitedSessionData, isBnplProvider, readSessionData, type SessionData } from "./session-data"
import { cartHolder, type LoanHolder } from "../../modules/bnpl/holder"
import { collectionOfCart, ownerOfPaymentCollection } from "./medusa-tables"
import type { LoanStatus } from "../service/wire"

/**
 * The reads of Medusa's data the loan workflows share: a cart's payment
 * sessions and order, the order a payment collection belongs to, an order's
 * payment of the plugin's provider. On the checkout's path each module and link table is
 * read on its own (see cartPayment and linkTable); elsewhere, through Query.
 */

/**
 * A module read with to-many relations in one SQL query: Medusa's default strategy loads each
 * to-many relation in a query of its own, which for a cart's few lines (items with their tax
 * lines and adjustments) costs more CPU than one joined query. Used on the checkout's
 * path, where every read is paid on every session and every confirmation.
 */
export const IN_ONE_QUERY = { strategy: "joined" } as const

export interface SessionRow {
  id: string
  status: string
  provider_id: string
  amount: number
  currency_code: string
  data: Record<string, unknown> | null
}

export interface CartPayment {
  exists: boolean
  completedAt: string | null
  paymentCollectionId: string | null
  /** Medusa cancels the collection with its order: nothing may be authorized on it then. */
  paymentCollectionCanceled: boolean
  /** What the collection asks now: an order's edit changes it under a session that keeps its amount. */
  paymentCollectionAmount?: BigNumberInput
  sessions: SessionRow[]
  /** The order the cart became (Medusa's link), if any. */
  orderId?: string
}

/**
 * What a loan found by its session pays (a session whose row a crash prevented): a collection
 * Medusa links to a cart is that cart's checkout; any other is an order's balance.
 */
export async function holderOfSession(container: MedusaContainer, serviceCartId: string, paymentCollectionId: string): Promise<LoanHolder> {
  if ((await ownerOfPaymentCollection(container, paymentCollectionId)).cart_id) return cartHolder(serviceCartId)
  return { type: "order_balance", payment_collection_id: paymentCollectionId, service_cart_id: serviceCartId }
}

/** What the loan's holder (holder.ts) is in Medusa now: a cart's payment, or an order balance's collection read as one. */
export async function cartPayment(container: MedusaContainer, holder: LoanHolder): Promise<CartPayment> {
  if (holder.type === "order_balance") return balancePayment(container, holder.payment_collection_id)
  return paymentOfCart(container, holder.cart_id, readCart(container, holder.cart_id, { select: ["id", "completed_at"] }))
}

/**
 * cartPayment and cartTotal at once, as the confirmation reads them: the cart itself is read
 * once for both.
 */
export async function cartPaymentAndTotal(container: MedusaContainer, holder: LoanHolder): Promise<[CartPayment, BigNumberInput | undefined]> {
  if (holder.type === "order_balance") return Promise.all([balancePayment(container, holder.payment_collection_id), cartTotal(container, holder)])
  const cartId = holder.cart_id
  const cart = readCart(container, cartId, { select: ["id", "completed_at"], relations: TOTAL_RELATIONS, options: IN_ONE_QUERY })
  return Promise.all([paymentOfCart(container, cartId, cart), totalOfCart(cart)])
}

const readCart = async (
  container: MedusaContainer,
  cartId: string,
  config: { select: string[]; relations?: string[]; options?: typeof IN_ONE_QUERY },
): Promise<CartDTO | undefined> => (await container.resolve(Modules.CART).listCarts({ id: cartId }, config))[0]

async function paymentOfCart(container: MedusaContainer, cartId: string, read: Promise<CartDTO | undefined>): Promise<CartPayment> {
  // Each module and link table read on its own, at once: one Query across the links plans a
  // remote join through four services, which costs more CPU than these reads, and every
  // confirmation passes here.
  const [cart, collectionId, orderId] = await Promise.all([read, paymentCollectionOfCart(container, cartId), orderOfCart(container, cartId)])
  const collection = collectionId ? await collectionWithSessions(container, collectionId) : undefined
  return {
    exists: !!cart,
    completedAt: cart?.completed_at ? new Date(cart.completed_at).toISOString() : null,
    paymentCollectionId: collection?.id ?? null,
    paymentCollectionCanceled: collection?.status === "canceled",
    paymentCollectionAmount: collection?.amount,
    sessions: collection?.payment_sessions ?? [],
    orderId,
  }
}

/** A cart's (or a balance's) payment collection and its sessions, and nothing more. */
export async function sessionsOfCart(container: MedusaContainer, holder: LoanHolder): Promise<Pick<CartPayment, "paymentCollectionId" | "sessions">> {
  const paymentCollectionId =
    holder.type === "order_balance" ? holder.payment_collection_id : await paymentCollectionOfCart(container, holder.cart_id)
  if (!paymentCollectionId) return { paymentCollectionId: null, sessions: [] }
  const sessions = await container.resolve(Modules.PAYMENT).listPaymentSessions({ payment_collection_id: paymentCollectionId })
  return { paymentCollectionId, sessions: sessions as SessionRow[] }
}

/**
 * sessionsOfCart as the storefront's completion takes it, with the order that holds the cart's
 * payment collection: the two links in one read (medusa-tables.ts), since the completion asks both
 * of every cart a loan may pay.
 */
export async function sessionsAndOrderOfCart(
  container: MedusaContainer,
  cartId: string,
): Promise<Pick<CartPayment, "paymentCollectionId" | "sessions"> & { collectionOrderId?: string }> {
  const link = await collectionOfCart(container, cartId)
  if (!link) return { paymentCollectionId: null, sessions: [] }
  const sessions = await container.resolve(Modules.PAYMENT).listPaymentSessions({ payment_collection_id: link.payment_collection_id })
  return { paymentCollectionId: link.payment_collection_id, sessions: sessions as SessionRow[], collectionOrderId: link.order_id }
}

type CollectionRow = { id: string; status?: string; amount?: BigNumberInput; payment_sessions?: SessionRow[] }

async function collectionWithSessions(container: MedusaContainer, paymentCollectionId: string): Promise<CollectionRow | undefined> {
  const [collection] = await container
    .resolve(Modules.PAYMENT)
    .listPaymentCollections(
      { id: paymentCollectionId },
      { select: ["id", "status", "amount"], relations: ["payment_sessions"], options: IN_ONE_QUERY },
    )
  return collection as CollectionRow | undefined
}

/** A balance's payment collection read as a cart's: its sessions, and the order it belongs to. */
async function balancePayment(container: MedusaContainer, paymentCollectionId: string): Promise<CartPayment> {
  const [collection, orderId] = await Promise.all([
    collectionWithSessions(container, paymentCollectionId),
    orderOfPaymentCollection(container, paymentCollectionId),
  ])
  return {
    exists: !!collection,
    completedAt: null,
    paymentCollectionId: collection?.id ?? null,
    paymentCollectionCanceled: collection?.status === "canceled",
    paymentCollectionAmount: collection?.amount,
    sessions: collection?.payment_sessions ?? [],
    orderId,
  }
}

/**
 * The cart's total as Medusa computes it now (a balance's: what its payment collection asks). Medusa's completion authorizes the session's
 * amount without comparing it with the cart (complete-cart's own documentation), so code
 * that changed the cart without refreshing its payment collection would place an order
 * the loan does not pay for. Read only for a loan's cart.
 *
 * Computed as the cart module computes it for `select: ["total"]`: Medusa's decorateCartTotals over
 * the relations the module loads for totals (its addRelationsToCalculateTotals), read with the cart
 * in one joined statement: a statement per relation would be two more on every storefront
 * completion and every confirmation of a loan's cart.
 */
export async function cartTotal(container: MedusaContainer, holder: LoanHolder): Promise<BigNumberInput | undefined> {
  if (holder.type === "order_balance") {
    const [collection] = await container.resolve(Modules.PAYMENT).listPaymentCollections({ id: holder.payment_collection_id }, { select: ["amount"] })
    return collection?.amount as BigNumberInput | undefined
  }
  return totalOfCart(readCart(container, holder.cart_id, { select: ["id"], relations: TOTAL_RELATIONS, options: IN_ONE_QUERY }))
}

/** The relations of a cart decorateCartTotals needs. */
const TOTAL_RELATIONS = [
  "credit_lines",
  "items",
  "items.tax_lines",
  "items.adjustments",
  "shipping_methods",
  "shipping_methods.tax_lines",
  "shipping_methods.adjustments",
]

async function totalOfCart(read: Promise<CartDTO | undefined>): Promise<BigNumberInput | undefined> {
  const cart = await read
  if (!cart) return undefined
  return decorateCartTotals({ credit_lines: cart.credit_lines, items: cart.items, shipping_methods: cart.shipping_methods }).total
}

export const sessionOfLoan = (sessions: SessionRow[], loanId: number): SessionRow | undefined =>
  sessions.find((s) => isBnplProvider(s.provider_id) && readSessionData(s.data)?.loan_id === loanId)

/** Cancels the session still waiting with the loan, so its cart can no longer complete with it. */
export async function cancelWaitingSession(container: MedusaContainer, holder: LoanHolder, loanId: number, loanStatus: LoanStatus): Promise<void> {
  const session = sessionOfLoan((await sessionsOfCart(container, holder)).sessions, loanId)
  if (!session || (session.status !== "pending" && session.status !== "pending_authorization")) return
  await container.resolve(Modules.PAYMENT).updatePaymentSession({
    id: session.id,
    amount: session.amount,
    currency_code: session.currency_code,
    data: { ...readSessionData(session.data), loan_status: loanStatus },
    status: "canceled",
  })
}

export async function cartOfOrder(container: MedusaContainer, orderId: string): Promise<string | undefined> {
  const [link] = await linkTable(container, ORDER_CART).list({ order_id: orderId }, { select: ["cart_id"] })
  return link?.cart_id
}

/** The order the loan's holder is part of: the order its cart became, or the order of its balance's collection. */
export async function orderOfHolder(container: MedusaContainer, holder: LoanHolder): Promise<string | undefined> {
  if (holder.type === "order_balance") return orderOfPaymentCollection(container, holder.payment_collection_id)
  return orderOfCart(container, holder.cart_id)
}

/** The order the cart became (Medusa's link), if any. */
export async function orderOfCart(container: MedusaContainer, cartId: string): Promise<string | undefined> {
  const [link] = await linkTable(container, ORDER_CART).list({ cart_id: cartId }, { select: ["order_id"] })
  return link?.order_id
}

/** The order a payment collection belongs to, whether or not its cart is linked to it. */
export async function orderOfPaymentCollection(container: MedusaContainer, paymentCollectionId: string): Promise<string | undefined> {
  const [link] = await linkTable(container, ORDER_PAYMENT_COLLECTION).list({ payment_collection_id: paymentCollectionId }, { select: ["order_id"] })
  return link?.order_id
}

/** The payment collection Medusa links to a cart. */
export async function paymentCollectionOfCart(container: MedusaContainer, cartId: string): Promise<string | undefined> {
  const [link] = await linkTable(container, CART_PAYMENT_COLLECTION).list({ cart_id: cartId }, { select: ["payment_collection_id"] })
  return link?.payment_collection_id
}

type LinkEnd = readonly [module: string, key: string]
const ORDER_CART: [LinkEnd, LinkEnd] = [
  [Modules.ORDER, "order_id"],
  [Modules.CART, "cart_id"],
]
const ORDER_PAYMENT_COLLECTION: [LinkEnd, LinkEnd] = [
  [Modules.ORDER, "order_id"],
  [Modules.PAYMENT, "payment_collection_id"],
]
const CART_PAYMENT_COLLECTION: [LinkEnd, LinkEnd] = [
  [Modules.CART, "cart_id"],
  [Modules.PAYMENT, "payment_collection_id"],
]

type LinkRow = Partial<Record<"order_id" | "cart_id" | "payment_collection_id", string>>

/**
 * One of Medusa's link tables, read through its own module as Medusa's steps read theirs: on the
 * checkout's path (every store completion, every order placed), Query's planning of a link
 * costs more than the read.
 */
function linkTable(container: MedusaContainer, [[moduleA, keyA], [moduleB, keyB]]: [LinkEnd, LinkEnd]) {
  const service = container.resolve(ContainerRegistrationKeys.LINK).getLinkModule(moduleA, keyA, moduleB, keyB)
  if (!service) throw new Error(`Medusa's link between ${moduleA}.${keyA} and ${moduleB}.${keyB} is not loaded`)
  return service as unknown as { list(filters: LinkRow, config: { select: string[] }): Promise<LinkRow[]> }
}

export interface OrderPayment {
  orderId: string
  orderStatus: string
  paymentId: string
  session: SessionData
  /** When Medusa made the payment: the order's loans are listed oldest first. */
  createdAt: string | null
  /** What Medusa captured and refunded on the payment, exact (more than two decimals where Medusa's totals have them). */
  captured: string
  refunded: string
  /** Medusa's refunds on the payment, each with its id, amount (exact decimal) and when Medusa recorded it. */
  refunds: Array<{ id: string; amount: string; created_at: string; note: string | null }>
  canceled: boolean
  /**
   * Medusa replaced the payment's collection: it cancelled it and the order has another one that
   * is not cancelled. An order edit, an exchange or a claim of an order whose payment was only
   * authorized does that (`createOrUpdateOrderPaymentCollectionWorkflow`), asking the whole new
   * total again: the loan then pays for nothing. A cancelled payment under an order's only
   * collection (a completion cut short) still holds its loan.
   */
  replaced: boolean
  /**
   * Medusa cancelled the uncaptured rest of a payment captured in part, and asks what the order
   * still costs beyond the capture in another collection: the same order change after a partial
   * capture. The loan pays the order what Medusa captured; the rest pays for nothing.
   */
  restReleased: boolean
}

/** An order's loans as Medusa holds them. */
export interface OrderLoans {
  orderId: string
  orderStatus: string
  /** The order's payments of the plugin's provider, in Medusa's order of collections and payments. */
  payments: OrderPayment[]
  /** The loan an order placed before its financing (`orderBeforeFinancing`) waits on: its `pending_authorization` session's. */
  awaited?: SessionData
}

type HeldSession = { provider_id: string; status?: string; data: Record<string, unknown> | null } | null

interface OrderRow {
  id: string
  status: string
  payment_collections?: Array<{
    status?: string
    payments?: Array<{
      id: string
      provider_id: string
      data: Record<string, unknown> | null
      canceled_at?: string | Date | null
      created_at?: string | Date | null
      captures?: Array<{ amount: unknown; raw_amount?: unknown } | null> | null
      refunds?: Array<{ id: string; amount: unknown; raw_amount?: unknown; created_at: string | Date; note?: string | null } | null> | null
    } | null> | null
    payment_sessions?: HeldSession[] | null
  } | null> | null
}

/**
 * The order's loans: its payments of the plugin's provider, with what Medusa captured and
 * refunded on each, and the session of a loan it awaits. Undefined for an order Medusa does not have.
 */
export async function orderLoans(container: MedusaContainer, orderId: string): Promise<OrderLoans | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "status",
      "payment_collections.status",
      "payment_collections.payments.id",
      "payment_collections.payments.provider_id",
      "payment_collections.payments.data",
      "payment_collections.payments.canceled_at",
      "payment_collections.payments.created_at",
      "payment_collections.payments.captures.amount",
      "payment_collections.payments.captures.raw_amount",
      "payment_collections.payments.refunds.id",
      "payment_collections.payments.refunds.amount",
      "payment_collections.payments.refunds.raw_amount",
      "payment_collections.payments.refunds.created_at",
      "payment_collections.payments.refunds.note",
      "payment_collections.payment_sessions.provider_id",
      "payment_collections.payment_sessions.status",
      "payment_collections.payment_sessions.data",
    ],
    filters: { id: orderId },
  })
  const order = data[0] as OrderRow | undefined
  if (!order) return undefined
  const collections = (order.payment_collections ?? []).flatMap((c) => (c ? [c] : []))
  const anotherLive = (collection: (typeof collections)[number]) => collections.some((c) => c !== collection && c.status !== "canceled")
  const payments = collections
    .flatMap((c) => (c.payments ?? []).map((payment) => ({ payment, collection: c })))
    .flatMap(({ payment, collection }) => {
      const session = payment && isBnplProvider(payment.provider_id) ? readSessionData(payment.data) : undefined
      if (!payment || !session) return []
      return [
        {
          orderId: order.id,
          orderStatus: order.status,
          paymentId: payment.id,
          session,
          createdAt: payment.created_at ? new Date(payment.created_at).toISOString() : null,
          captured: sum(payment.captures),
          refunded: sum(payment.refunds),
          refunds: (payment.refunds ?? []).flatMap((r) =>
            r ? [{ id: r.id, amount: sum([r]), created_at: new Date(r.created_at).toISOString(), note: r.note ?? null }] : [],
          ),
          canceled: !!payment.canceled_at,
          replaced: !!payment.canceled_at && collection.status === "canceled" && anotherLive(collection),
          restReleased: !!payment.canceled_at && collection.status === "partially_captured" && anotherLive(collection),
        },
      ]
    })
  const awaited = awaitedSessionData(collections.flatMap((c) => c.payment_sessions ?? []))
  return { orderId: order.id, orderStatus: order.status, payments, ...(awaited ? { awaited } : {}) }
}

/** The loans an order holds or awaits, as orderLoans finds them, without what Medusa did with each payment since. */
export interface LoansHeldByOrder {
  /** The loans of the order's payments of the plugin's provider. */
  paid: SessionData[]
  /** The loan an order placed before its financing waits on: its `pending_authorization` session's. */
  awaited?: SessionData
}

type CollectionOfOrder = { payments?: HeldSession[] | null; payment_sessions?: HeldSession[] | null }

/**
 * Which loans an order holds or awaits, for the `order.placed` subscriber's workflow: the order's
 * payment collections (Medusa's link), then their payments and sessions in one query. orderLoans'
 * Query also reads the order and every payment's captures and refunds, a statement each, which
 * nothing on this path needs and every order a loan pays would send.
 */
export async function loansHeldByOrder(container: MedusaContainer, orderId: string): Promise<LoansHeldByOrder> {
  const links = await linkTable(container, ORDER_PAYMENT_COLLECTION).list({ order_id: orderId }, { select: ["payment_collection_id"] })
  const ids = links.flatMap((link) => (link.payment_collection_id ? [link.payment_collection_id] : []))
  if (!ids.length) return { paid: [] }
  const collections = (await container.resolve(Modules.PAYMENT).listPaymentCollections(
    { id: ids },
    {
      select: ["id", "payments.provider_id", "payments.data", "payment_sessions.provider_id", "payment_sessions.status", "payment_sessions.data"],
      relations: ["payments", "payment_sessions"],
      options: IN_ONE_QUERY,
    },
  )) as CollectionOfOrder[]
  const paid = collections
    .flatMap((c) => c.payments ?? [])
    .flatMap((payment) => {
      const session = payment && isBnplProvider(payment.provider_id) ? readSessionData(payment.data) : undefined
      return session ? [session] : []
    })
  const awaited = awaitedSessionData(collections.flatMap((c) => c.payment_sessions ?? []))
  return { paid, ...(awaited ? { awaited } : {}) }
}

/** The order's payments of the plugin's provider, with what Medusa captured and refunded on each. */
export async function orderPayments(container: MedusaContainer, orderId: string): Promise<OrderPayment[]> {
  return (await orderLoans(container, orderId))?.payments ?? []
}

/** The order's payment of the plugin's provider holding `loanId`. */
export async function orderPayment(container: MedusaContainer, orderId: string, loanId: number): Promise<OrderPayment | undefined> {
  return (await orderPayments(container, orderId)).find((payment) => payment.session.loan_id === loanId)
}

/** Exact: a payment's captures or refunds are rounded to the centavo once, as a whole, by whoever reads them (money.ts). */
function sum(rows: Array<{ amount: unknown; raw_amount?: unknown } | null> | null | undefined): string {
  return exactSum((rows ?? []).map((row) => (row?.raw_amount ?? row?.amount) as BigNumberInput | undefined))
}

/** The loan a Medusa payment holds, when it is a payment of the plugin's provider. */
export async function loanOfPayment(container: MedusaContainer, paymentId: string): Promise<SessionData | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "payment", fields: ["id", "provider_id", "data"], filters: { id: paymentId } })
  const payment = data[0] as { provider_id: string; data: Record<string, unknown> | null } | undefined
  return payment && isBnplProvider(payment.provider_id) ? readSessionData(payment.data) : undefined
}
