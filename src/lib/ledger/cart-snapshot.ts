import { ContainerRegistrationKeys, MedusaError, PaymentSessionStatus } from "@medusajs/framework/utils"
import type { BigNumberInput, MedusaContainer } from "@medusajs/framework/types"
import { CartSnapshot } from "../bnpl/cart-snapshot"
import { exactSum, toDecimal } from "../bnpl/money"
import { isBnplProvider } from "../bnpl/session-data"

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
 * paid already.
 *
 * One SQL statement over the cart module's tables and the payment module's sessions, on the
 * shopper's path: the modules' own reads (the cart, its lines, its shipping methods, the
 * collection's sessions) cost most of their time in the ORM, one call each, and made session
 * creation the slowest step of the checkout (docs/architecture.md, "Reads on the shopper's
 * path"). Raw lines only: the loan needs none of the cart's computed totals.
 */
export async function readCartForLoan(container: MedusaContainer, cartId: string, paymentCollectionId: string): Promise<CartForLoan> {
  const pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  const { rows } = await pg.raw(CART_FOR_LOAN, { cartId, paymentCollectionId })
  const [row] = rows as CartOfCollection[]
  if (!row) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart id not found: ${cartId}`)
  return cartForLoan(row)
}

/** The cart as the statement reads it: its lines, and the sessions of the payment collection asked for. */
export type CartOfCollection = CartRow & { completed_at: Date | string | null; sessions: Array<{ provider_id: string; status: string }> }

/** What the loan request needs of a cart, and whether the cart is paid already. */
export function cartForLoan(row: CartOfCollection): CartForLoan {
  const { sessions } = row
  const replacesLoan = sessions.some((s) => isBnplProvider(s.provider_id))
  return {
    snapshot: toSnapshot(row, replacesLoan),
    paid: !!row.completed_at || sessions.some((s) => s.status === PaymentSessionStatus.AUTHORIZED || s.status === PaymentSessionStatus.CAPTURED),
  }
}

const adjustmentsOf = (table: string, key: string, owner: string) =>
  `(select json_agg(json_build_object('amount', adj.amount)) from ${table} adj where adj.${key} = ${owner}.id and adj.deleted_at is null)`

const CART_FOR_LOAN = `
select c.id, c.email, c.currency_code, c.completed_at,
  (select row_to_json(a) from (
    select first_name, last_name, address_1, address_2, city, postal_code, phone from cart_address
    where id = c.shipping_address_id and deleted_at is null) a) as shipping_address,
  coalesce((select json_agg(i order by i.created_at, i.id) from (
    select li.id, li.title, li.subtitle, li.thumbnail, li.quantity, li.unit_price, li.created_at,
      ${adjustmentsOf("cart_line_item_adjustment", "item_id", "li")} as adjustments
    from cart_line_item li where li.cart_id = c.id and li.deleted_at is null) i), '[]') as items,
  coalesce((select json_agg(m order by m.created_at, m.id) from (
    select sm.id, sm.name, sm.amount, sm.created_at,
      ${adjustmentsOf("cart_shipping_method_adjustment", "shipping_method_id", "sm")} as adjustments
    from cart_shipping_method sm where sm.cart_id = c.id and sm.deleted_at is null) m), '[]') as shipping_methods,
  coalesce((select json_agg(json_build_object('provider_id', ps.provider_id, 'status', ps.status))
    from payment_session ps where ps.payment_collection_id = :paymentCollectionId and ps.deleted_at is null), '[]') as sessions
from cart c where c.id = :cartId and c.deleted_at is null`

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
