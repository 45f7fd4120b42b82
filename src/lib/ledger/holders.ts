import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { balanceHolder, cartHolder, holderOfRow, type LoanHolder } from "../../modules/bnpl/holder"
import type { LedgerLoan } from "../../modules/bnpl/types"
import { ledgerOf } from "./ledger"

/**
 * What the loans the service knows by `cartId` pay, where no row of the loan in hand says it (a
 * webhook, or a refund, of a loan whose row a crash prevented): a row of another loan of the same
 * `cartId`, the request the plugin sent under that `cartId` (a sale by phone whose reply was lost),
 * or else Medusa's own records, a payment collection by that id being an order's balance.
 */
async function holderOfServiceCart(container: MedusaContainer, cartId: string): Promise<LoanHolder> {
  const [row] = await ledgerOf(container).listBnplLoans(
    { service_cart_id: cartId },
    { select: ["holder", "service_cart_id", "payment_collection_id"], take: 1 },
  )
  if (row) return holderOfRow(row)
  const request = await ledgerOf(container).findLoanRequest(cartId)
  if (request?.payment_collection_id) return { type: "order_balance", payment_collection_id: request.payment_collection_id, service_cart_id: cartId }
  const [collection] = await container.resolve(Modules.PAYMENT).listPaymentCollections({ id: cartId }, { select: ["id"] })
  return collection ? balanceHolder(cartId) : cartHolder(cartId)
}

/**
 * What the loans the service knows by these `cartId`s pay, for their locks (locks.ts): one read
 * of the ledger's rows, which record each loan's holder. A `cartId` no row names yet (a loan
 * whose row a crash prevented) is looked up as `holderOfServiceCart` does.
 */
export async function holdersOfServiceCarts(container: MedusaContainer, serviceCartIds: Iterable<string>): Promise<LoanHolder[]> {
  const cartIds = [...new Set(serviceCartIds)]
  if (!cartIds.length) return []
  const rows: Array<Pick<LedgerLoan, "holder" | "service_cart_id" | "payment_collection_id">> = await ledgerOf(container).listBnplLoans(
    { service_cart_id: cartIds },
    { select: ["holder", "service_cart_id", "payment_collection_id"] },
  )
  const byCart = new Map(rows.map((row) => [row.service_cart_id, holderOfRow(row)]))
  return Promise.all(cartIds.map((cartId) => byCart.get(cartId) ?? holderOfServiceCart(container, cartId)))
}

/** What a loan pays: its row's holder (holder.ts), or for a loan without a row, what its `cartId`'s loans pay. */
export const holderOfLoan = (container: MedusaContainer, row: LedgerLoan | undefined, cartId: string): Promise<LoanHolder> =>
  row ? Promise.resolve(holderOfRow(row)) : holderOfServiceCart(container, cartId)
