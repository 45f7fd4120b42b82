import type { BigNumberInput, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { toCents } from "../bnpl/money"
import { centsToDecimal } from "../bnpl/refunds"
import { isBnplProvider, readSessionData, type SessionData } from "../bnpl/session-data"
import type { LoanStatus } from "../bnpl/wire"

/**
 * The reads of Medusa's data the loan workflows share: a cart's payment
 * sessions and order, the order a payment collection belongs to, an order's
 * pp_bnpl_bnpl payment. Through Query, so links are followed the supported way.
 */

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
  sessions: SessionRow[]
  /** The order the cart became (Medusa's link), if any. */
  orderId?: string
}

/**
 * A loan pays a cart at checkout, or an order's balance through Medusa's payment link. The
 * service knows a loan by the `cartId` it was made with: a cart's id, or for a balance the id of
 * the order's payment collection for it (Medusa prefixes its ids by entity), so a balance's loan
 * never shares a `cartId`, its status query or its refund history, with the order's first loan.
 */
export const paysOrderBalance = (cartId: string): boolean => cartId.startsWith("pay_col_")

export async function cartPayment(container: MedusaContainer, cartId: string): Promise<CartPayment> {
  if (paysOrderBalance(cartId)) return balancePayment(container, cartId)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: [
      "id",
      "completed_at",
      "payment_collection.id",
      "payment_collection.status",
      "payment_collection.payment_sessions.*",
      "order_link.order_id",
    ],
    filters: { id: cartId },
  })
  const cart = data[0] as
    | {
        completed_at?: string | Date | null
        payment_collection?: { id: string; status?: string; payment_sessions?: SessionRow[] } | null
        order_link?: { order_id?: string } | null
      }
    | undefined
  return {
    exists: !!cart,
    completedAt: cart?.completed_at ? new Date(cart.completed_at).toISOString() : null,
    paymentCollectionId: cart?.payment_collection?.id ?? null,
    paymentCollectionCanceled: cart?.payment_collection?.status === "canceled",
    sessions: cart?.payment_collection?.payment_sessions ?? [],
    orderId: cart?.order_link?.order_id ?? undefined,
  }
}

/** A balance's payment collection read as a cart's: its sessions, and the order it belongs to. */
async function balancePayment(container: MedusaContainer, paymentCollectionId: string): Promise<CartPayment> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const [{ data }, orderId] = await Promise.all([
    query.graph({ entity: "payment_collection", fields: ["id", "status", "payment_sessions.*"], filters: { id: paymentCollectionId } }),
    orderOfPaymentCollection(container, paymentCollectionId),
  ])
  const collection = data[0] as { id: string; status?: string; payment_sessions?: SessionRow[] | null } | undefined
  return {
    exists: !!collection,
    completedAt: null,
    paymentCollectionId: collection?.id ?? null,
    paymentCollectionCanceled: collection?.status === "canceled",
    sessions: collection?.payment_sessions ?? [],
    orderId,
  }
}

/**
 * The cart's total as Medusa computes it now (a balance's: what its payment collection asks). Medusa's completion authorizes the session's
 * amount without comparing it with the cart (complete-cart's own documentation), so code
 * that changed the cart without refreshing its payment collection would place an order
 * the loan does not pay for. Costly (totals are computed): read only for a loan's cart.
 */
export async function cartTotal(container: MedusaContainer, cartId: string): Promise<BigNumberInput | undefined> {
  if (paysOrderBalance(cartId)) {
    const [collection] = await container.resolve(Modules.PAYMENT).listPaymentCollections({ id: cartId }, { select: ["amount"] })
    return collection?.amount as BigNumberInput | undefined
  }
  // The cart module computes totals itself; asking it directly spares Query's planning (a quarter of the read).
  const [cart] = await container.resolve(Modules.CART).listCarts({ id: cartId }, { select: ["total"] })
  return cart?.total as BigNumberInput | undefined
}

export const sessionOfLoan = (sessions: SessionRow[], loanId: number): SessionRow | undefined =>
  sessions.find((s) => isBnplProvider(s.provider_id) && readSessionData(s.data)?.loan_id === loanId)

/** Cancels the session still waiting with the loan, so its cart can no longer complete with it. */
export async function cancelWaitingSession(container: MedusaContainer, cartId: string, loanId: number, loanStatus: LoanStatus): Promise<void> {
  const session = sessionOfLoan((await cartPayment(container, cartId)).sessions, loanId)
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
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order_cart", fields: ["cart_id"], filters: { order_id: orderId } })
  return (data[0] as { cart_id?: string } | undefined)?.cart_id
}

export async function orderOfCart(container: MedusaContainer, cartId: string): Promise<string | undefined> {
  if (paysOrderBalance(cartId)) return orderOfPaymentCollection(container, cartId)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } })
  return (data[0] as { order_id?: string } | undefined)?.order_id
}

/** The order a payment collection belongs to, whether or not its cart is linked to it. */
export async function orderOfPaymentCollection(container: MedusaContainer, paymentCollectionId: string): Promise<string | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order_payment_collection",
    fields: ["order_id"],
    filters: { payment_collection_id: paymentCollectionId },
  })
  return (data[0] as { order_id?: string } | undefined)?.order_id
}

export interface OrderPayment {
  orderId: string
  orderStatus: string
  paymentId: string
  session: SessionData
  captured: string
  refunded: string
  /** Medusa's refunds on the payment, each with its id, amount (decimal) and when Medusa recorded it. */
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
}

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
      captures?: Array<{ amount: unknown } | null> | null
      refunds?: Array<{ id: string; amount: unknown; created_at: string | Date; note?: string | null } | null> | null
    } | null> | null
  } | null> | null
}

/** The order's pp_bnpl_bnpl payments, with what Medusa captured and refunded on each. */
export async function orderPayments(container: MedusaContainer, orderId: string): Promise<OrderPayment[]> {
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
      "payment_collections.payments.captures.amount",
      "payment_collections.payments.refunds.id",
      "payment_collections.payments.refunds.amount",
      "payment_collections.payments.refunds.created_at",
      "payment_collections.payments.refunds.note",
    ],
    filters: { id: orderId },
  })
  const order = data[0] as OrderRow | undefined
  if (!order) return []
  const collections = (order.payment_collections ?? []).flatMap((c) => (c ? [c] : []))
  const anotherLive = (collection: (typeof collections)[number]) => collections.some((c) => c !== collection && c.status !== "canceled")
  return collections
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
          captured: sum(payment.captures),
          refunded: sum(payment.refunds),
          refunds: (payment.refunds ?? []).flatMap((r) =>
            r ? [{ id: r.id, amount: sum([r]), created_at: new Date(r.created_at).toISOString(), note: r.note ?? null }] : [],
          ),
          canceled: !!payment.canceled_at,
          replaced: !!payment.canceled_at && collection.status === "canceled" && anotherLive(collection),
        },
      ]
    })
}

/** The order's pp_bnpl_bnpl payment holding `loanId`. */
export async function orderPayment(container: MedusaContainer, orderId: string, loanId: number): Promise<OrderPayment | undefined> {
  return (await orderPayments(container, orderId)).find((payment) => payment.session.loan_id === loanId)
}

function sum(rows: Array<{ amount: unknown } | null> | null | undefined): string {
  return centsToDecimal((rows ?? []).reduce((total, row) => total + toCents((row?.amount as BigNumberInput) ?? 0), 0n))
}

/** The loan a Medusa payment holds, when it is a pp_bnpl_bnpl payment. */
export async function loanOfPayment(container: MedusaContainer, paymentId: string): Promise<SessionData | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "payment", fields: ["id", "provider_id", "data"], filters: { id: paymentId } })
  const payment = data[0] as { provider_id: string; data: Record<string, unknown> | null } | undefined
  return payment && isBnplProvider(payment.provider_id) ? readSessionData(payment.data) : undefined
}
