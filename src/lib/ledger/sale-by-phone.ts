import type { BigNumberInput, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { toCents, toDecimal } from "../service/money"
import type { BnplOptions } from "../options/options"
import { isBnplProvider, readSessionData, type SessionData } from "../medusa/session-data"
import type { CommChannel } from "../service/wire"
import { amountIneligibility } from "../../storefront/eligibility"

/**
 * A sale by phone (the service's in-store API) of an order's payment collection that asks for
 * money: a converted draft order (which has none yet: the first link opens one for its total), or
 * the balance of an order change. The order as the sale reads it, and the rules of what it may
 * ask: shared by the sale's workflows (src/workflows/sell-by-phone.ts and its siblings) and the
 * order page's card.
 */

export interface PhoneSaleSessionRow {
  id: string
  provider_id: string
  status: string
  amount: number
  currency_code: string
  data: Record<string, unknown> | null
  created_at?: string | Date
}

export interface PhoneSaleCollectionRow {
  id: string
  status: string
  amount: number
  currency_code: string
  payment_sessions?: PhoneSaleSessionRow[] | null
}

export interface PhoneSaleOrderRow {
  id: string
  status: string
  currency_code: string
  total?: BigNumberInput | null
  shipping_address?: { phone?: string | null } | null
  billing_address?: { phone?: string | null } | null
  customer?: { phone?: string | null } | null
  payment_collections?: PhoneSaleCollectionRow[] | null
}

/** What an order asks a sale by phone for: through its open collection, or (none yet) its whole total. */
export interface PhoneSaleAsked {
  collection?: PhoneSaleCollectionRow
  amount: BigNumberInput
  currency: string
}

/** The newest sale by phone of an order, its session's data holding the in-store request. */
export interface PhoneSale {
  session: PhoneSaleSessionRow
  collectionId: string
  data: SessionData & { in_store: NonNullable<SessionData["in_store"]> }
}

/** Collections that still ask for money: Medusa's `not_paid`, or `awaiting` a session's authorization. */
const OPEN = ["not_paid", "awaiting"]

export async function readPhoneSaleOrder(container: MedusaContainer, orderId: string): Promise<PhoneSaleOrderRow> {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "order",
    fields: [
      "id",
      "status",
      "currency_code",
      "total",
      "shipping_address.phone",
      "billing_address.phone",
      "customer.phone",
      "payment_collections.id",
      "payment_collections.status",
      "payment_collections.amount",
      "payment_collections.currency_code",
      "payment_collections.payment_sessions.*",
    ],
    filters: { id: orderId },
  })
  const order = data[0] as PhoneSaleOrderRow | undefined
  if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order ${orderId} was not found.`)
  return order
}

export const openCollectionOf = (order: PhoneSaleOrderRow): PhoneSaleCollectionRow | undefined =>
  (order.payment_collections ?? []).filter((c) => OPEN.includes(c.status) && toCents(c.amount ?? 0) > 0n).at(-1)

/**
 * What the order asks: its open collection's amount; or, for an order that never had a
 * collection (a draft order converted in the admin: Medusa opens none), its whole total, which
 * the first link opens a collection for. An order with any collection asks only through one; a
 * cancelled order asks nothing.
 */
export function askedOf(order: PhoneSaleOrderRow): PhoneSaleAsked | undefined {
  if (order.status === "canceled") return undefined
  const open = openCollectionOf(order)
  if (open) return { collection: open, amount: open.amount, currency: open.currency_code ?? order.currency_code }
  if ((order.payment_collections ?? []).length || toCents(order.total ?? 0) <= 0n) return undefined
  return { amount: order.total!, currency: order.currency_code }
}

/** The order's newest sale by phone, whatever its state. */
export function saleSessionOf(order: PhoneSaleOrderRow): PhoneSale | undefined {
  const sessions = (order.payment_collections ?? [])
    .flatMap((c) => (c.payment_sessions ?? []).map((session) => ({ session, collectionId: c.id })))
    .filter(({ session }) => isBnplProvider(session.provider_id))
    .sort((a, b) => time(a.session.created_at) - time(b.session.created_at))
  for (const { session, collectionId } of sessions.reverse()) {
    const data = readSessionData(session.data)
    if (data?.in_store) return { session, collectionId, data: data as PhoneSale["data"] }
  }
  return undefined
}

export const refuse = (message: string) => new MedusaError(MedusaError.Types.INVALID_DATA, message)

export const nothingAsked = (order: Pick<PhoneSaleOrderRow, "id" | "status">): string =>
  order.status === "canceled"
    ? `Order ${order.id} is cancelled: there is nothing to pay by phone.`
    : `Order ${order.id} has no payment collection that asks for money: there is nothing to pay by phone.`

/** What the order asks, when a sale by phone may ask it; a 400 saying why not otherwise. */
export function payableByPhone(order: PhoneSaleOrderRow, options: Pick<BnplOptions, "currencies" | "minAmount" | "maxAmount">): PhoneSaleAsked {
  const asked = askedOf(order)
  if (!asked) throw refuse(nothingAsked(order))
  const { currency } = asked
  const reason = amountIneligibility(currency, toCents(asked.amount), {
    currencies: options.currencies,
    min: toCents(options.minAmount),
    max: toCents(options.maxAmount),
  })
  if (reason) {
    throw refuse(
      reason === "currency_not_offered"
        ? `Installments are not offered in ${currency.toUpperCase()} (BNPL_CURRENCIES).`
        : `Installments are available from ${toDecimal(options.minAmount)} to ${toDecimal(options.maxAmount)} ${currency.toUpperCase()}; this order asks ${toDecimal(asked.amount)}.`,
    )
  }
  return asked
}

/** The branch a sale is made at: the one asked for, or the store's first; a 400 when the channel or the branch is not the store's. */
export function branchOfSale(
  options: Pick<BnplOptions, "inStoreChannels" | "inStoreBranches">,
  sale: { channel: CommChannel; shop_id?: string },
): { name: string; shopId: string } {
  if (!options.inStoreChannels.includes(sale.channel)) {
    throw refuse(
      `Channel ${sale.channel} is not offered for sales by phone: this store offers ${options.inStoreChannels.join(", ")} (BNPL_IN_STORE_CHANNELS).`,
    )
  }
  const branch = sale.shop_id ? options.inStoreBranches.find((b) => b.shopId === sale.shop_id) : options.inStoreBranches[0]
  if (branch) return branch
  throw refuse(
    options.inStoreBranches.length
      ? `Branch ${sale.shop_id} is not one of this store's branches for sales by phone (${options.inStoreBranches.map((b) => b.shopId).join(", ")}).`
      : "Sales by phone need the service's branch id: set BNPL_IN_STORE_SHOP_ID (digits, from the service's create-branch), or BNPL_IN_STORE_BRANCHES.",
  )
}

/**
 * The loans that may pay the collection, newest first: those its sessions hold and those the
 * ledger lists undecided for it (a payment link's, a phone sale's, one whose reply was lost).
 */
export function loansPayingCollection(
  collection: PhoneSaleCollectionRow,
  rows: Array<{ service_cart_id: string; loan_id: number }>,
): Array<{ service_cart_id: string; loan_id: number }> {
  const fromSessions = (collection.payment_sessions ?? []).flatMap((session) => {
    const data = isBnplProvider(session.provider_id) ? readSessionData(session.data) : undefined
    return data ? [{ service_cart_id: data.service_cart_id, loan_id: data.loan_id }] : []
  })
  const byLoan = new Map(
    [...fromSessions, ...rows.map(({ service_cart_id, loan_id }) => ({ service_cart_id, loan_id }))].map((loan) => [loan.loan_id, loan]),
  )
  return [...byLoan.values()].sort((a, b) => b.loan_id - a.loan_id)
}

const time = (value: string | Date | null | undefined) => (value ? new Date(value).getTime() : 0)
