import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import type { BnplClient } from "../../../../../lib/service/client"
import { bnplFromContainer } from "../../../../../lib/options/resolve-options"
import { recentLoans, type SeenLoan } from "../../../bnpl/recent-loans"
import { type KnownLoan, knownLoans, ledgerRows } from "../../../bnpl/known-loans"
import { excludesAny } from "../../../../../lib/catalog/exclusions"
import { excludedItemsOfCart } from "../../../../../lib/catalog/excluded-items"
import { orderOfCart } from "../../../../../lib/medusa/queries"

/** Everything the cart's answer is decided from. */
export interface CartFacts {
  cartId: string
  currencyCode: string
  /** Major units, as Medusa computes the cart total. */
  total: string | number
  completed: boolean
  orderId: string | null
  offeredInRegion: boolean
  known: KnownLoan[]
  /** The service's status query, or undefined when it failed. */
  live: SeenLoan[] | undefined
  /** The titles of the cart's products the store does not finance (its excluded products). */
  excludedItems: string[]
}

interface CartRow {
  id: string
  currency_code: string
  region_id: string | null
  total: number | string | { toString(): string }
  completed_at: Date | string | null
  payment_collection?: { payment_sessions?: Array<{ provider_id: string; status: string; data: unknown } | null> | null } | null
}

/** Reads the cart, its region, order, sessions and ledger rows, and asks the service, at once where it can. */
export async function readCartFacts(scope: MedusaContainer, client: BnplClient, cartId: string): Promise<CartFacts> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: [
      "id",
      "currency_code",
      "region_id",
      "total",
      "completed_at",
      "payment_collection.payment_sessions.provider_id",
      "payment_collection.payment_sessions.status",
      "payment_collection.payment_sessions.data",
    ],
    filters: { id: cartId },
  })
  const cart = data[0] as CartRow | undefined
  if (!cart) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart with id '${cartId}' not found`)

  const { options } = bnplFromContainer(scope)
  const [offeredInRegion, orderId, ledger, live, excluded] = await Promise.all([
    regionOffersBnpl(scope, cart.region_id),
    orderOfCart(scope, cartId).then((id) => id ?? null),
    ledgerRows(scope, cartId),
    recentLoans(scope, client, cartId),
    excludesAny(options) ? excludedItemsOfCart(scope, cartId, options) : [],
  ])
  return {
    cartId,
    currencyCode: cart.currency_code,
    total: String(cart.total ?? 0),
    completed: Boolean(cart.completed_at),
    orderId,
    offeredInRegion,
    known: knownLoans(cart, ledger),
    live,
    excludedItems: [...new Set(excluded.map((item) => item.title))],
  }
}

async function regionOffersBnpl(scope: MedusaContainer, regionId: string | null): Promise<boolean> {
  if (!regionId) return false
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "region_payment_provider",
    fields: ["payment_provider_id"],
    filters: { region_id: regionId, payment_provider_id: bnplFromContainer(scope).providerId },
  })
  return data.length > 0
}
