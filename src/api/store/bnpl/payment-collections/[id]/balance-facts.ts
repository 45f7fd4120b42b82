import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import type { BnplClient } from "../../../../../lib/service/client"
import { bnplFromContainer } from "../../../../../lib/options/resolve-options"
import { excludesAny } from "../../../../../lib/catalog/exclusions"
import { excludedItemsOfOrder } from "../../../../../lib/catalog/excluded-items"
import { orderOfPaymentCollection } from "../../../../../lib/medusa/queries"
import { readSessionData } from "../../../../../lib/medusa/session-data"
import { type KnownLoan, knownLoans, balanceRows } from "../../known-loans"
import { recentLoans, type SeenLoan } from "../../recent-loans"

/** Everything the answer about an order's balance (Medusa's payment link) is decided from. */
export interface BalanceFacts {
  paymentCollectionId: string
  orderId: string | null
  currencyCode: string
  /** What the collection asks, in major units. */
  amount: string
  /** Medusa's status of the collection: `not_paid`, `awaiting`, `authorized`, `partially_authorized`, `canceled`, `completed`. */
  status: string
  known: KnownLoan[]
  /** The service's status query, or undefined when it failed. */
  live: SeenLoan[] | undefined
  /** The titles of the order's products the store does not finance (its excluded products). */
  excludedItems: string[]
}

interface CollectionRow {
  id: string
  currency_code: string
  amount: number | string
  status: string
  payment_sessions?: Array<{ provider_id: string; status: string; data: unknown } | null> | null
}

/** Reads an order's payment collection, its sessions and ledger rows, and asks the service, at once. */
export async function readBalanceFacts(scope: MedusaContainer, client: BnplClient, paymentCollectionId: string): Promise<BalanceFacts> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const [{ data }, orderId] = await Promise.all([
    query.graph({
      entity: "payment_collection",
      fields: ["id", "currency_code", "amount", "status", "payment_sessions.provider_id", "payment_sessions.status", "payment_sessions.data"],
      filters: { id: paymentCollectionId },
    }),
    orderOfPaymentCollection(scope, paymentCollectionId),
  ])
  const collection = data[0] as CollectionRow | undefined
  // A cart's collection is the checkout's (GET /store/carts/:id/bnpl): only an order's balance is answered here.
  if (!collection || !orderId) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Payment collection ${paymentCollectionId} is not the balance of an order.`)
  }
  // Every loan that pays the balance, whatever cartId it was made under: the payment link's (the
  // collection's id) and a sale by phone's (`{collection}.{suffix}`), each asked by its own.
  const { options } = bnplFromContainer(scope)
  const [ledger, excluded] = await Promise.all([
    balanceRows(scope, paymentCollectionId),
    excludesAny(options) ? excludedItemsOfOrder(scope, orderId, options) : [],
  ])
  const held = [...ledger.map((row) => ({ cartId: row.service_cart_id, loanId: row.loan_id })), ...sessionLoans(collection)]
  const cartIds = new Set([paymentCollectionId, ...held.map((loan) => loan.cartId)])
  const knownOf = (cartId: string) => held.filter((loan) => loan.cartId === cartId).map((loan) => loan.loanId)
  const asked = await Promise.all([...cartIds].map((cartId) => recentLoans(scope, client, cartId, knownOf(cartId))))
  const live = asked.some((loans) => !loans) ? undefined : asked.flatMap((loans) => loans ?? [])
  return {
    paymentCollectionId,
    orderId,
    currencyCode: collection.currency_code,
    amount: String(collection.amount ?? 0),
    status: collection.status,
    known: knownLoans({ payment_collection: collection }, ledger),
    live,
    excludedItems: [...new Set(excluded.map((item) => item.title))],
  }
}

/** The loans the collection's sessions hold, with the service cartId of each. */
const sessionLoans = (collection: CollectionRow): Array<{ cartId: string; loanId: number }> =>
  (collection.payment_sessions ?? []).flatMap((session) => {
    const data = session ? readSessionData(session.data) : undefined
    return data ? [{ cartId: data.service_cart_id, loanId: data.loan_id }] : []
  })
