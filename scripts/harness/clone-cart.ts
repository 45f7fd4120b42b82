import type { Database } from "./postgres"

/**
 * A fast fixture path: copies of one real cart (made through the store API) straight in SQL,
 * rows and links alike, so that thousands of completable checkouts exist in seconds instead
 * of the minutes the store API would take. Copy `n` of a row gets id `${id}_fx${n}`, and so
 * does every reference to a copied row; references to shared rows (region, variant, shipping
 * option, sales channel) stay as they are.
 */
interface CopiedTable {
  table: string
  /** Columns that hold ids of copied rows (always including the row's own id). */
  remap: string[]
  /** Which rows of the template cart (`tpl.cart_id`, `tpl.collection_id`). */
  where: string
}

const ITEMS = "SELECT id FROM cart_line_item WHERE cart_id = tpl.cart_id"
const METHODS = "SELECT id FROM cart_shipping_method WHERE cart_id = tpl.cart_id"

const TABLES: CopiedTable[] = [
  {
    table: "cart_address",
    remap: ["id"],
    where: "t.id IN (SELECT shipping_address_id FROM cart WHERE id = tpl.cart_id UNION SELECT billing_address_id FROM cart WHERE id = tpl.cart_id)",
  },
  { table: "cart", remap: ["id", "shipping_address_id", "billing_address_id"], where: "t.id = tpl.cart_id" },
  { table: "cart_line_item", remap: ["id", "cart_id"], where: "t.cart_id = tpl.cart_id" },
  { table: "cart_line_item_adjustment", remap: ["id", "item_id"], where: `t.item_id IN (${ITEMS})` },
  { table: "cart_line_item_tax_line", remap: ["id", "item_id"], where: `t.item_id IN (${ITEMS})` },
  { table: "cart_shipping_method", remap: ["id", "cart_id"], where: "t.cart_id = tpl.cart_id" },
  { table: "cart_shipping_method_adjustment", remap: ["id", "shipping_method_id"], where: `t.shipping_method_id IN (${METHODS})` },
  { table: "cart_shipping_method_tax_line", remap: ["id", "shipping_method_id"], where: `t.shipping_method_id IN (${METHODS})` },
  { table: "payment_collection", remap: ["id"], where: "t.id = tpl.collection_id" },
  { table: "cart_payment_collection", remap: ["id", "cart_id", "payment_collection_id"], where: "t.cart_id = tpl.cart_id" },
]

export const copyId = (id: string, n: number): string => `${id}_fx${n}`

/** Copies numbered from..to (inclusive) of the template cart and its payment collection. */
export async function cloneCart(db: Database, template: { cartId: string; collectionId: string }, from: number, to: number): Promise<void> {
  await refuseUncopiedLinks(db, template.cartId)
  for (const { table, remap, where } of TABLES) {
    const columns = await columnsOf(db, table)
    const values = columns.map((column) => (remap.includes(column) ? `t.${column} || '_fx' || n` : `t.${column}`))
    await db.query(
      `WITH tpl (cart_id, collection_id) AS (SELECT $1::text, $2::text)
       INSERT INTO ${table} (${columns.join(", ")})
       SELECT ${values.join(", ")} FROM ${table} t CROSS JOIN tpl CROSS JOIN generate_series($3::int, $4::int) AS n
       WHERE ${where} AND t.deleted_at IS NULL`,
      [template.cartId, template.collectionId, from, to],
    )
  }
}

async function columnsOf(db: Database, table: string): Promise<string[]> {
  const rows = await db.query<{ column_name: string }>(
    "SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position",
    [table],
  )
  if (!rows.length) throw new Error(`clone-cart: no table ${table}; has Medusa's schema changed?`)
  return rows.map((row) => row.column_name)
}

/** A link to the cart that this copier does not know would be silently dropped: refuse instead. */
async function refuseUncopiedLinks(db: Database, cartId: string): Promise<void> {
  const known = new Set(TABLES.map((t) => t.table))
  const tables = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name = 'cart_id' AND table_name <> 'order_cart'`,
  )
  for (const { table_name: table } of tables.filter((t) => !known.has(t.table_name))) {
    const [row] = await db.query<{ count: string }>(`SELECT count(*) FROM ${table} WHERE cart_id = $1`, [cartId])
    if (Number(row.count)) throw new Error(`clone-cart: the template cart has rows in ${table}, which this copier does not copy`)
  }
}
