import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { BigNumberInput, MedusaContainer } from "@medusajs/framework/types"

/**
 * The plugin's only SQL on Medusa's own tables, each statement read through Medusa's
 * `PG_CONNECTION` where its modules or Query would do, because it was measured faster on the
 * shopper's path: session creation, the one request of the checkout in which the shopper waits
 * for the plugin's reads. With `npm run bench` (session creation) and each step timed, the reads
 * took a median of 10.3 ms as module calls and 3.4 ms as these statements (docs/architecture.md,
 * "Reads on the shopper's path"): a module call spends most of its time in the ORM, not in
 * PostgreSQL. Every other read of Medusa's data goes through its modules or Query; the ledger
 * module's SQL is on its own tables (src/modules/bnpl/sql.ts).
 *
 * What it costs: these statements name tables and columns Medusa does not promise between
 * versions. integration-tests/http/route-contracts.spec.ts runs `EXPLAIN` of each one in
 * `MEDUSA_TABLE_STATEMENTS` against Medusa's migrated database, so a renamed table or column fails
 * the tests, not a merchant's checkout.
 */

type Money = BigNumberInput | null | undefined

type Adjustments = Array<{ amount: Money } | null> | null | undefined

/** A cart's lines as the cart module's tables hold them (and as an order's balance is read into them: balance-snapshot.ts). */
export interface CartRow {
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

/** The cart as CART_FOR_LOAN reads it: its lines, and the payment collection asked for with its sessions. */
export type CartOfCollection = CartRow & {
  completed_at: Date | string | null
  region_id: string | null
  /** The provider asked for is one of the cart's region's payment providers. */
  provider_in_region: boolean
  /** The collection's amount (a numeric's text) and currency, which its session asks. */
  collection_amount: string | number | null
  collection_currency_code: string | null
  sessions: Array<{ id: string; provider_id: string; status: string }>
}

const adjustmentsOf = (table: string, key: string, owner: string) =>
  `(select json_agg(json_build_object('amount', adj.amount)) from ${table} adj where adj.${key} = ${owner}.id and adj.deleted_at is null)`

/**
 * A cart, its shipping address, its lines and shipping methods with their adjustments (the cart
 * module's tables), the payment collection asked for with its sessions (the payment module's), and
 * whether the provider asked for is enabled in the cart's region (the region's link): the module
 * reads of the loan and of Medusa's createPaymentSessionsWorkflow (its collection read and its
 * region check) as one statement. Raw lines only: the loan needs none of the cart's computed
 * totals.
 */
const CART_FOR_LOAN = `
select c.id, c.email, c.currency_code, c.completed_at, c.region_id,
  exists (select 1 from region_payment_provider rpp
    where rpp.region_id = c.region_id and rpp.payment_provider_id = :providerId and rpp.deleted_at is null) as provider_in_region,
  (select pc.amount from payment_collection pc where pc.id = :paymentCollectionId and pc.deleted_at is null) as collection_amount,
  (select pc.currency_code from payment_collection pc where pc.id = :paymentCollectionId and pc.deleted_at is null) as collection_currency_code,
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
  coalesce((select json_agg(json_build_object('id', ps.id, 'provider_id', ps.provider_id, 'status', ps.status))
    from payment_session ps where ps.payment_collection_id = :paymentCollectionId and ps.deleted_at is null), '[]') as sessions
from cart c where c.id = :cartId and c.deleted_at is null`

/**
 * The cart and the order a payment collection belongs to, from Medusa's two link tables
 * (`cart_payment_collection`, `order_payment_collection`) in one read, where the link modules
 * would take two: session creation asks it first.
 */
const OWNER_OF_PAYMENT_COLLECTION = `select
  (select cart_id from cart_payment_collection where payment_collection_id = :id and deleted_at is null limit 1) as cart_id,
  (select order_id from order_payment_collection where payment_collection_id = :id and deleted_at is null limit 1) as order_id`

/**
 * A cart's payment collection and the order that collection belongs to, from the same two link
 * tables in one read, where the link modules would take two: the storefront's completion asks it
 * of every cart before Medusa's route.
 */
const COLLECTION_OF_CART = `select cpc.payment_collection_id,
  (select opc.order_id from order_payment_collection opc
    where opc.payment_collection_id = cpc.payment_collection_id and opc.deleted_at is null limit 1) as order_id
from cart_payment_collection cpc where cpc.cart_id = :cartId and cpc.deleted_at is null limit 1`

/** Each statement with bindings of its shape, for the schema test. */
export const MEDUSA_TABLE_STATEMENTS = {
  cartForLoan: { sql: CART_FOR_LOAN, sample: { cartId: "cart_0", paymentCollectionId: "pay_col_0", providerId: "pp_bnpl_bnpl" } },
  ownerOfPaymentCollection: { sql: OWNER_OF_PAYMENT_COLLECTION, sample: { id: "pay_col_0" } },
  collectionOfCart: { sql: COLLECTION_OF_CART, sample: { cartId: "cart_0" } },
} as const

const pgOf = (container: MedusaContainer) => container.resolve(ContainerRegistrationKeys.PG_CONNECTION)

/** The cart as CART_FOR_LOAN reads it, with the collection and its sessions; undefined for a cart that does not exist. */
export async function cartOfCollection(
  container: MedusaContainer,
  ask: { cartId: string; paymentCollectionId: string; providerId: string },
): Promise<CartOfCollection | undefined> {
  const { rows } = await pgOf(container).raw(CART_FOR_LOAN, ask)
  return (rows as CartOfCollection[])[0]
}

/** The cart or the order a payment collection belongs to (OWNER_OF_PAYMENT_COLLECTION). */
export async function ownerOfPaymentCollection(
  container: MedusaContainer,
  paymentCollectionId: string,
): Promise<{ cart_id?: string; order_id?: string }> {
  const { rows } = await pgOf(container).raw(OWNER_OF_PAYMENT_COLLECTION, { id: paymentCollectionId })
  const [owner] = rows as Array<{ cart_id: string | null; order_id: string | null }>
  return { ...(owner?.cart_id ? { cart_id: owner.cart_id } : {}), ...(owner?.order_id ? { order_id: owner.order_id } : {}) }
}

/** The cart's payment collection and the order holding it (COLLECTION_OF_CART); undefined for a cart without a collection. */
export async function collectionOfCart(
  container: MedusaContainer,
  cartId: string,
): Promise<{ payment_collection_id: string; order_id?: string } | undefined> {
  const { rows } = await pgOf(container).raw(COLLECTION_OF_CART, { cartId })
  const [link] = rows as Array<{ payment_collection_id: string; order_id: string | null }>
  if (!link) return undefined
  return { payment_collection_id: link.payment_collection_id, ...(link.order_id ? { order_id: link.order_id } : {}) }
}
