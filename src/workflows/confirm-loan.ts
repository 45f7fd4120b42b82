import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { bnplFromContainer } from "../providers/bnpl/resolve-options"
import { sameAmount, toDecimal } from "../providers/bnpl/money"
import { PROVIDER_ID, readSessionData } from "../providers/bnpl/session-data"
import { isPaid } from "../providers/bnpl/status"
import { rollBackInterruptedCompletion } from "./interrupted-completion"

/**
 * Turns a paid loan into an order: the one path shared by the webhook route
 * and reconciliation, so both give the same guarantees.
 *
 * Nothing here trusts the caller beyond the two ids: the session must be a
 * pp_bnpl_bnpl session of that cart holding that loan, and the status query
 * must show the loan paid for exactly the session's amount. Work on one cart
 * is serialized with Medusa's locking module (shared across instances when a
 * Redis locking provider is configured), and Medusa's own
 * processPaymentWorkflow and cart completion are idempotent per cart, so
 * duplicates and races end in one order.
 */
export type Confirmation =
  /** `orphanOrdersRemoved`: orders a crashed completion of the cart had left, removed first (interrupted-completion.ts). */
  | { outcome: "authorized"; orderId: string; orphanOrdersRemoved: number }
  | { outcome: "already_authorized"; orderId: string }
  | { outcome: "no_pending_session" }
  | { outcome: "not_paid"; loanStatus: string }
  | { outcome: "amount_mismatch"; sessionAmount: string; loanAmount: string }

const LOCK_TIMEOUT_SECONDS = 30

interface SessionRow {
  id: string
  status: string
  provider_id: string
  amount: number
  data: Record<string, unknown> | null
}

export async function confirmLoan(container: MedusaContainer, cartId: string, loanId: number): Promise<Confirmation> {
  return withCartLock(container, cartId, () => confirmLocked(container, cartId, loanId))
}

/** Everything that changes a cart's loan state (confirm, cancel) runs under this lock. */
export function withCartLock<T>(container: MedusaContainer, cartId: string, job: () => Promise<T>): Promise<T> {
  const locking = container.resolve(Modules.LOCKING)
  return locking.execute(`bnpl:cart:${cartId}`, job, { timeout: LOCK_TIMEOUT_SECONDS })
}

async function confirmLocked(container: MedusaContainer, cartId: string, loanId: number): Promise<Confirmation> {
  const sessions = await bnplSessionsOfCart(container, cartId)
  const session = sessions.find((s) => s.provider_id === PROVIDER_ID && readSessionData(s.data)?.loan_id === loanId)
  if (!session) return { outcome: "no_pending_session" }

  const existing = await orderOfCart(container, cartId)
  if (existing && session.status === "authorized") return { outcome: "already_authorized", orderId: existing }
  // An order paid some other way must not gain this loan as a second payment.
  // An order with no authorized session at all is a completion cut short (a
  // crash between placing the order and recording its payment): it goes on.
  if (existing && sessions.some((s) => s.status === "authorized")) return { outcome: "no_pending_session" }
  if (!["pending", "requires_more", "authorized"].includes(session.status)) return { outcome: "no_pending_session" }

  const { client } = bnplFromContainer(container)
  const loan = await client.getLoan(cartId, loanId)
  if (!loan || !isPaid(loan)) return { outcome: "not_paid", loanStatus: loan?.status ?? "UNKNOWN" }
  if (!sameAmount(loan.totalAmount, session.amount)) {
    return { outcome: "amount_mismatch", sessionAmount: toDecimal(session.amount), loanAmount: loan.totalAmount }
  }

  // A completion killed half-way may have left an order no cart points to;
  // completing past it would place a second one.
  const removed = existing ? [] : await rollBackInterruptedCompletion(container, cartId)

  // With an order already placed, Medusa's workflow authorizes the session
  // onto it ("authorize-existing-order") instead of completing the cart again.
  await processPaymentWorkflow(container).run({
    input: { action: "authorized", data: { session_id: session.id, amount: session.amount } },
  })
  // processPaymentWorkflow continues past a failed cart completion; only an
  // order in the database proves the work is done.
  const orderId = await orderOfCart(container, cartId)
  if (!orderId) throw new Error(`cart ${cartId} was not completed into an order after loan ${loanId} was confirmed`)
  return { outcome: "authorized", orderId, orphanOrdersRemoved: removed.length }
}

async function bnplSessionsOfCart(container: MedusaContainer, cartId: string): Promise<SessionRow[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: ["id", "payment_collection.payment_sessions.*"],
    filters: { id: cartId },
  })
  return ((data[0] as { payment_collection?: { payment_sessions?: SessionRow[] } } | undefined)?.payment_collection
    ?.payment_sessions ?? []) as SessionRow[]
}

export async function orderOfCart(container: MedusaContainer, cartId: string): Promise<string | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } })
  return (data[0] as { order_id?: string } | undefined)?.order_id
}
