import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { LedgerLoan, LoanRequestRecord } from "../../modules/bnpl/types"
import { ledgerOf, undecidedLoansOf } from "./ledger"
import { cartHolder } from "../../modules/bnpl/holder"
import { awaitsFinancing } from "../medusa/session-data"
import { cartOfOrder, sessionOfLoan, sessionsOfCart } from "../medusa/queries"

/**
 * The rows of every loan made for an order's payment collections (`collectionsOfOrder`) that no
 * payment of the order holds yet: the links of its balance (Medusa's payment link, a sale by
 * phone) and the loan an order placed first waits on. Read by the holder the row records (its payment collection), so
 * that each `cartId` the plugin gave such a loan (`{collection}.{suffix}` for a phone sale) is found.
 */
export async function unpaidLinksOf(container: MedusaContainer, collections: string[]): Promise<LedgerLoan[]> {
  if (!collections.length) return []
  const rows: LedgerLoan[] = await ledgerOf(container).listBnplLoans({ payment_collection_id: collections, state: "open" })
  return rows.filter((row) => !row.order_id)
}

/** The loan creations sent for an order's collections (sales by phone) whose reply the plugin has not settled yet. */
export async function unsettledRequestsOf(container: MedusaContainer, collections: string[]): Promise<LoanRequestRecord[]> {
  return collections.length ? ledgerOf(container).listUnsettledLoanRequests({ payment_collection_id: collections }) : []
}

/** The ids of an order's payment collections. */
export async function collectionsOfOrder(container: MedusaContainer, orderId: string): Promise<string[]> {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "order",
    fields: ["id", "payment_collections.id"],
    filters: { id: orderId },
  })
  return ((data[0] as { payment_collections?: Array<{ id: string } | null> } | undefined)?.payment_collections ?? []).flatMap((c) =>
    c ? [c.id] : [],
  )
}

/**
 * The loans an order placed before its financing (`orderBeforeFinancing`) waits on: open rows of
 * its cart whose session Medusa placed the order with, `pending_authorization`.
 */
export async function awaitedLoansOfOrder(container: MedusaContainer, orderId: string): Promise<{ cartId?: string; rows: LedgerLoan[] }> {
  const cartId = await cartOfOrder(container, orderId)
  if (!cartId) return { rows: [] }
  const open = (await undecidedLoansOf(container, cartHolder(cartId))).filter((row) => row.state === "open")
  if (!open.length) return { cartId, rows: [] }
  const { sessions } = await sessionsOfCart(container, cartHolder(cartId))
  return { cartId, rows: open.filter((row) => awaitsFinancing(sessionOfLoan(sessions, row.loan_id))) }
}
