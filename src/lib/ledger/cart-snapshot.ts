import { Modules, PaymentSessionStatus } from "@medusajs/framework/utils"
import type { BigNumberInput, MedusaContainer } from "@medusajs/framework/types"
import { CartSnapshot } from "../bnpl/cart-snapshot"
import { toCents, toDecimal } from "../bnpl/money"
import { isBnplProvider } from "../bnpl/session-data"
import { IN_ONE_QUERY } from "./queries"

type Money = BigNumberInput | null | undefined

type Adjustments = Array<{ amount: Money } | null> | null | undefined

interface CartRow {
  id: string
  email?: string | null
  currency_code: string
  items?: Array<{
    id: string
    title: string
    subtitle?: string | null
    thumbnail?: string | null
    quantity: Money
    unit_price: Money
    adjustments?: Adjustments
  } | null> | null
  shipping_methods?: Array<{ name: string; amount: Money; adjustments?: Adjustments } | null> | null
  shipping_address?: {
    first_name?: string | null
    last_name?: string | null
    address_1?: string | null
    address_2?: string | null
    city?: string | null
    postal_code?: string | null
    phone?: string | null
  } | null
}

// Raw lines only: the loan needs none of the cart's computed totals, and they cost reads of their own.
const CART_FIELDS = ["id", "email", "currency_code", "completed_at", "shipping_address.*"]
const ITEM_FIELDS = ["id", "title", "subtitle", "thumbnail", "quantity", "unit_price", "adjustments.amount"]
const METHOD_FIELDS = ["name", "amount", "adjustments.amount"]

export interface CartForLoan {
  snapshot: CartSnapshot
  /**
   * The cart is an order already, or its payment collection holds an authorized session:
   * Medusa would still create a session, but a loan made now could never be its payment.
   */
  paid: boolean
}

/**
 * Reads what the loan request needs from the cart (see lib/bnpl/cart-snapshot.ts):
 * the store route's snapshot, built from the database, never from what a storefront sent.
 */
export async function readCartForLoan(container: MedusaContainer, cartId: string, paymentCollectionId: string): Promise<CartForLoan> {
  // Straight to the cart module, one call per branch, in parallel: one
  // remote join through the link costs more than the whole snapshot, and a
  // single call loads each to-many relation after the other.
  const carts = container.resolve(Modules.CART)
  const [cart, items, shippingMethods, sessions] = await Promise.all([
    carts.retrieveCart(cartId, { select: CART_FIELDS, relations: ["shipping_address"] }),
    carts.listLineItems({ cart_id: cartId }, { select: ITEM_FIELDS, relations: ["adjustments"], options: IN_ONE_QUERY }),
    carts.listShippingMethods({ cart_id: cartId }, { select: METHOD_FIELDS, relations: ["adjustments"], options: IN_ONE_QUERY }),
    container.resolve(Modules.PAYMENT).listPaymentSessions({ payment_collection_id: paymentCollectionId }, { select: ["provider_id", "status"] }),
  ])
  const replacesLoan = sessions.some((s) => isBnplProvider(s.provider_id))
  return {
    snapshot: toSnapshot({ ...cart, items, shipping_methods: shippingMethods }, replacesLoan),
    paid: !!cart.completed_at || sessions.some((s) => s.status === PaymentSessionStatus.AUTHORIZED || s.status === PaymentSessionStatus.CAPTURED),
  }
}

export function toSnapshot(cart: CartRow, replacesLoan: boolean): CartSnapshot {
  const cents = (value: Money) => toCents(value ?? 0)
  const adjusted = (adjustments: Adjustments) => (adjustments ?? []).reduce((sum, a) => sum + cents(a?.amount), 0n)
  const items = (cart.items ?? []).filter((item): item is NonNullable<typeof item> => !!item)
  const methods = (cart.shipping_methods ?? []).filter((method): method is NonNullable<typeof method> => !!method)
  const discountCents =
    items.reduce((sum, item) => sum + adjusted(item.adjustments), 0n) + methods.reduce((sum, m) => sum + adjusted(m.adjustments), 0n)
  const shippingCents = methods.reduce((sum, m) => sum + cents(m.amount), 0n)
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
    ...(methods.length ? { shipping: { title: methods.map((m) => m.name).join(", "), amount: fromCents(shippingCents) } } : {}),
    discount: fromCents(discountCents),
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

const fromCents = (cents: bigint) => toDecimal(Number(cents) / 100)
