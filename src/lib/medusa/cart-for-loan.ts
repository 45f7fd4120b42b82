import { MedusaError, PaymentSessionStatus } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { CartSnapshot } from "./cart-snapshot"
import { exactSum, toDecimal } from "../service/money"
import { isBnplProvider } from "./session-data"
import { type CartOfCollection, type CartRow, cartOfCollection } from "./medusa-tables"

export interface CartForLoan {
  snapshot: CartSnapshot
  /**
   * The cart is an order already, or its payment collection holds an authorized session:
   * Medusa would still create a session, but a loan made now could never be its payment.
   */
  paid: boolean
  /** The payment collection as Medusa's session creation reads it: what the session asks, and the sessions it replaces. */
  collection: CollectionForSession
  /**
   * The region of an open cart whose payment providers do not include the one asked for (Medusa's
   * region check, validatePaymentProviderInRegionStep); absent when the provider may be used.
   */
  regionRefusing?: string
}

/** What Medusa's createPaymentSessionsWorkflow reads of the payment collection. */
export interface CollectionForSession {
  amount: number
  currency_code: string
  /** Every session of the collection: Medusa deletes them when it creates the new one. */
  session_ids: string[]
}

/**
 * Reads what the loan request needs from the cart (see lib/medusa/cart-snapshot.ts): the
 * snapshot, built from the database, never from what a storefront sent, and whether the cart is
 * paid already. One SQL statement on Medusa's tables, on the shopper's path (medusa-tables.ts).
 */
export async function readCartForLoan(
  container: MedusaContainer,
  ask: { cartId: string; paymentCollectionId: string; providerId: string },
): Promise<CartForLoan> {
  const row = await cartOfCollection(container, ask)
  if (!row) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart id not found: ${ask.cartId}`)
  if (row.collection_amount === null || !row.collection_currency_code) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Payment collection id not found: ${ask.paymentCollectionId}`)
  }
  return cartForLoan(row)
}

/** What the loan request needs of a cart, whether the cart is paid already, and what Medusa's session creation reads. */
export function cartForLoan(row: CartOfCollection): CartForLoan {
  const { sessions } = row
  const replacesLoan = sessions.some((s) => isBnplProvider(s.provider_id))
  // Medusa checks the region of an open cart only (validatePaymentProviderInRegionStep).
  const regionRefusing = row.region_id && !row.completed_at && !row.provider_in_region ? row.region_id : undefined
  return {
    snapshot: toSnapshot(row, replacesLoan),
    paid: !!row.completed_at || sessions.some((s) => s.status === PaymentSessionStatus.AUTHORIZED || s.status === PaymentSessionStatus.CAPTURED),
    collection: {
      amount: Number(row.collection_amount),
      currency_code: row.collection_currency_code ?? row.currency_code,
      session_ids: sessions.map((s) => s.id),
    },
    ...(regionRefusing ? { regionRefusing } : {}),
  }
}

export function toSnapshot(cart: CartRow, replacesLoan: boolean): CartSnapshot {
  const items = (cart.items ?? []).filter((item): item is NonNullable<typeof item> => !!item)
  const methods = (cart.shipping_methods ?? []).filter((method): method is NonNullable<typeof method> => !!method)
  // Summed exactly, rounded once (money.ts).
  const adjustments = [...items, ...methods].flatMap((line) => (line.adjustments ?? []).map((a) => a?.amount))
  const discount = toDecimal(exactSum(adjustments))
  const shipping = toDecimal(exactSum(methods.map((m) => m.amount)))
  const a = cart.shipping_address
  return CartSnapshot.parse({
    cartId: cart.id,
    currencyCode: cart.currency_code,
    replacesLoan,
    ...(cart.email ? { email: cart.email } : {}),
    items: items.map((item) => ({
      id: item.id,
      title: item.title,
      ...(item.subtitle ? { description: item.subtitle } : {}),
      ...(item.thumbnail ? { thumbnail: item.thumbnail } : {}),
      quantity: Number(item.quantity),
      unitPrice: toDecimal(item.unit_price ?? 0),
    })),
    ...(methods.length ? { shipping: { title: methods.map((m) => m.name).join(", "), amount: shipping } } : {}),
    discount,
    ...(a
      ? {
          address: {
            ...(a.first_name ? { firstName: a.first_name } : {}),
            ...(a.last_name ? { lastName: a.last_name } : {}),
            ...(a.address_1 ? { addressLine: [a.address_1, a.address_2, a.city].filter(Boolean).join(", ") } : {}),
            ...(a.postal_code ? { postalCode: a.postal_code } : {}),
            ...(a.phone ? { phone: a.phone } : {}),
          },
        }
      : {}),
  })
}
