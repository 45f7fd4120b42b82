import { MedusaError, PaymentSessionStatus } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { CartSnapshot } from "../bnpl/cart-snapshot"
import { exactSum, toDecimal } from "../bnpl/money"
import { isBnplProvider } from "../bnpl/session-data"
import { type CartOfCollection, type CartRow, cartOfCollection } from "./medusa-tables"

export interface CartForLoan {
  snapshot: CartSnapshot
  /**
   * The cart is an order already, or its payment collection holds an authorized session:
   * Medusa would still create a session, but a loan made now could never be its payment.
   */
  paid: boolean
}

/**
 * Reads what the loan request needs from the cart (see lib/bnpl/cart-snapshot.ts): the
 * snapshot, built from the database, never from what a storefront sent, and whether the cart is
 * paid already. One SQL statement on Medusa's tables, on the shopper's path (medusa-tables.ts).
 */
export async function readCartForLoan(container: MedusaContainer, cartId: string, paymentCollectionId: string): Promise<CartForLoan> {
  const row = await cartOfCollection(container, cartId, paymentCollectionId)
  if (!row) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart id not found: ${cartId}`)
  return cartForLoan(row)
}

/** What the loan request needs of a cart, and whether the cart is paid already. */
export function cartForLoan(row: CartOfCollection): CartForLoan {
  const { sessions } = row
  const replacesLoan = sessions.some((s) => isBnplProvider(s.provider_id))
  return {
    snapshot: toSnapshot(row, replacesLoan),
    paid: !!row.completed_at || sessions.some((s) => s.status === PaymentSessionStatus.AUTHORIZED || s.status === PaymentSessionStatus.CAPTURED),
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
