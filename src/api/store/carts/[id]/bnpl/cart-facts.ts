import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import type { BnplClient } from "../../../../../lib/bnpl/client"
import { isBnplProvider, readSessionData } from "../../../../../lib/bnpl/session-data"
import { bnplFromContainer } from "../../../../../lib/bnpl/resolve-options"
import type { LoanRecord } from "../../../../../lib/bnpl/wire"
import { recentLoans } from "./recent-loans"
import { excludesAny } from "../../../../../lib/catalog/exclusions"
import { excludedItemsOfCart } from "../../../../../lib/catalog/excluded-items"
import { BNPL_LEDGER_MODULE } from "../../../../../modules/bnpl"
import type { BnplLedgerService } from "../../../../../modules/bnpl/service"
import type { LedgerLoan } from "../../../../../modules/bnpl/types"

/** A loan the store knows of, from a payment session or the ledger. */
export interface KnownLoan {
  loanId: number
  checkoutUrl: string | null
  /** Its session awaits it on an order placed before the loan is paid (`pending_authorization`). */
  awaitsFinancing?: boolean
  ledger?: Pick<LedgerLoan, "state" | "order_id">
}

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
  live: LoanRecord[] | undefined
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
    orderOfCart(scope, cartId),
    ledgerRows(scope, cartId),
    recentLoans(client, cartId),
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

/** The union, by loan id, of the cart's sessions of the plugin's provider and its ledger rows. */
function knownLoans(cart: CartRow, ledger: LedgerLoan[]): KnownLoan[] {
  const loans = new Map<number, KnownLoan>()
  for (const session of cart.payment_collection?.payment_sessions ?? []) {
    if (!session || !isBnplProvider(session.provider_id)) continue
    const data = readSessionData(session.data)
    const awaitsFinancing = session.status === "pending_authorization"
    if (data) loans.set(data.loan_id, { loanId: data.loan_id, checkoutUrl: data.checkout_url, awaitsFinancing })
  }
  for (const row of ledger) {
    const known = loans.get(row.loan_id)
    loans.set(row.loan_id, {
      ...known,
      loanId: row.loan_id,
      checkoutUrl: known?.checkoutUrl ?? null,
      ledger: { state: row.state, order_id: row.order_id },
    })
  }
  return [...loans.values()]
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

async function orderOfCart(scope: MedusaContainer, cartId: string): Promise<string | null> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } })
  return (data[0] as { order_id?: string } | undefined)?.order_id ?? null
}

/** The ledger's rows for the cart; none while the ledger module is not loaded. */
async function ledgerRows(scope: MedusaContainer, cartId: string): Promise<LedgerLoan[]> {
  if (!scope.hasRegistration(BNPL_LEDGER_MODULE)) return []
  const ledger = scope.resolve<BnplLedgerService>(BNPL_LEDGER_MODULE)
  return ledger.listBnplLoans({ cart_id: cartId })
}
