import { z } from "zod"
import type { LedgerLoan } from "./types"

/**
 * What a loan pays, stored on its ledger row (`holder`) from the request that made it, and never
 * read from the shape of an id: Medusa's ids are opaque.
 *
 * - `cart`: a cart at checkout. The service knows the loan by the cart's id.
 * - `order_balance`: an order's payment collection, for what the order still asks (Medusa's
 *   payment link after an edit, a sale by phone). The service knows the loan by a `cartId` the
 *   plugin chose for it (`service_cart_id`), so that it never shares the order's checkout loan's
 *   status query or refund history.
 */
export const LoanHolderData = z.discriminatedUnion("type", [
  z.object({ type: z.literal("cart"), cart_id: z.string().min(1) }),
  z.object({ type: z.literal("order_balance"), payment_collection_id: z.string().min(1), service_cart_id: z.string().min(1) }),
])
export type LoanHolder = z.infer<typeof LoanHolderData>

/** The `cartId` the service knows the holder's loans by. */
export const serviceCartId = (holder: LoanHolder): string => (holder.type === "cart" ? holder.cart_id : holder.service_cart_id)

export const cartHolder = (cartId: string): LoanHolder => ({ type: "cart", cart_id: cartId })

/** The balance of an order paid through Medusa's payment link: the service knows its loans by the collection's id. */
export const balanceHolder = (paymentCollectionId: string): LoanHolder => ({
  type: "order_balance",
  payment_collection_id: paymentCollectionId,
  service_cart_id: paymentCollectionId,
})

/**
 * A sale by phone of an order's collection (the service's in-store API). The service refuses a
 * `cartId` it has seen, so each link, a second one after the first was cancelled too, gets a new one.
 */
export const saleByPhoneHolder = (paymentCollectionId: string): LoanHolder => ({
  type: "order_balance",
  payment_collection_id: paymentCollectionId,
  service_cart_id: `${paymentCollectionId}.${Date.now().toString(36)}`,
})

/** What a row's loan pays. */
export function holderOfRow(row: Pick<LedgerLoan, "holder" | "service_cart_id" | "payment_collection_id">): LoanHolder {
  if (row.holder === "cart") return cartHolder(row.service_cart_id)
  return { type: "order_balance", payment_collection_id: row.payment_collection_id ?? row.service_cart_id, service_cart_id: row.service_cart_id }
}

/**
 * The way a row's loan was made, for metrics: at the storefront's checkout (`web`), for an
 * order's balance through Medusa's payment link (`balance`: the service knows it by the
 * collection's id), or sold by phone (`phone`: under a `cartId` of its own, saleByPhoneHolder).
 */
export type LoanChannel = "web" | "balance" | "phone"
export function loanChannel(row: Pick<LedgerLoan, "holder" | "service_cart_id" | "payment_collection_id">): LoanChannel {
  return channelOf(row.holder, row.service_cart_id === row.payment_collection_id)
}

/** `ownCartId`: the loan's `cartId` at the service is its payment collection's id. */
export const channelOf = (holder: LedgerLoan["holder"], ownCartId: boolean): LoanChannel =>
  holder === "cart" ? "web" : ownCartId ? "balance" : "phone"
