import type { Database } from "./postgres"

/** One cart's link to its order, as Medusa writes it when it completes the cart, and when (epoch ms, this machine's clock). */
export interface OrderLink {
  cartId: string
  orderId: string
  at: number
}

/** These carts' links to their orders, earliest first. */
export async function orderLinks(db: Database, cartIds: string[]): Promise<OrderLink[]> {
  const rows = await db.query<{ cart_id: string; order_id: string; at: Date }>(
    `SELECT cart_id, order_id, created_at AS at FROM order_cart WHERE deleted_at IS NULL AND cart_id = ANY($1) ORDER BY created_at`,
    [cartIds],
  )
  return rows.map((row) => ({ cartId: row.cart_id, orderId: row.order_id, at: row.at.getTime() }))
}

/** Each cart's orders: the ground truth for "exactly one order per paid cart". */
export function byCart(links: OrderLink[]): Map<string, string[]> {
  const orders = new Map<string, string[]>()
  for (const link of links) orders.set(link.cartId, [...(orders.get(link.cartId) ?? []), link.orderId])
  return orders
}

/** Orders as the database holds them, through the order-cart link Medusa writes when it completes a cart. */
export async function ordersByCart(db: Database, cartIds: string[]): Promise<Map<string, string[]>> {
  return byCart(await orderLinks(db, cartIds))
}

export async function countOrders(db: Database, cartIds: string[]): Promise<number> {
  const [row] = await db.query<{ count: string }>(`SELECT count(*) FROM order_cart WHERE deleted_at IS NULL AND cart_id = ANY($1)`, [cartIds])
  return Number(row.count)
}

/** When the last of these carts was linked to its order (epoch ms, this machine's clock), if any was. */
export async function lastLinkAt(db: Database, cartIds: string[]): Promise<number | undefined> {
  const [row] = await db.query<{ at: Date | null }>(`SELECT max(created_at) AS at FROM order_cart WHERE deleted_at IS NULL AND cart_id = ANY($1)`, [
    cartIds,
  ])
  return row.at ? row.at.getTime() : undefined
}

/** Every order with its cart (null when no cart link exists: an order nobody can explain). */
export async function allOrders(db: Database): Promise<Array<{ order_id: string; cart_id: string | null }>> {
  return db.query(
    `SELECT o.id AS order_id, oc.cart_id
       FROM "order" o LEFT JOIN order_cart oc ON oc.order_id = o.id AND oc.deleted_at IS NULL
      WHERE o.deleted_at IS NULL`,
  )
}
