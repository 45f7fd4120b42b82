import type { Sql } from "./system"

/**
 * What Medusa's database says about a sequence's carts, read with plain SQL so that the
 * checker does not go through the code it checks. Cart ids are passed as one
 * comma-joined parameter: the same text works through pg and through knex.
 */

export interface LedgerRow {
  id: string
  loan_id: number
  service_cart_id: string
  state: string
  attention_reason: string | null
  order_id: string | null
  suspect_order_id: string | null
}

export interface OrderPayment {
  order_id: string
  order_status: string
  cart_id: string | null
  payment_id: string | null
  /** The loan the pp_bnpl_bnpl payment holds; null when the order has no such payment. */
  loan_id: number | null
  amount: number
  canceled: boolean
  captured: number
  refunded: number
  /** Captured less refunded at Medusa's own precision (IVA totals carry four decimals), in cents with their fraction. */
  net: number
  /** Each of Medusa's refunds of the payment, in cents, smallest first. */
  refunds: number[]
  /** The ids of those refunds. */
  refund_ids: string[]
}

const ids = (cartIds: string[]) => cartIds.join(",")

export async function ledgerRows(sql: Sql, cartIds: string[]): Promise<LedgerRow[]> {
  const rows = await sql<LedgerRow>(
    `SELECT id, loan_id, service_cart_id, state, attention_reason, order_id, suspect_order_id FROM bnpl_loan
      WHERE deleted_at IS NULL AND service_cart_id = ANY(string_to_array($1, ','))`,
    [ids(cartIds)],
  )
  return rows.map((row) => ({ ...row, loan_id: Number(row.loan_id) }))
}

interface PaymentRow {
  order_id: string
  order_status: string
  cart_id: string | null
  payment_id: string | null
  loan_id: string | null
  amount: string | null
  canceled_at: string | Date | null
  captured: string
  refunded: string
  refunds: string[] | null
  refund_ids: string[] | null
}

/** Every order of the carts (linked to one, or paid by one's loan), with its pp_bnpl_bnpl payment in cents. */
export async function orderPayments(sql: Sql, cartIds: string[]): Promise<OrderPayment[]> {
  const rows = await sql<PaymentRow>(
    `WITH carts AS (SELECT unnest(string_to_array($1, ',')) AS cart_id),
          orders AS (
            SELECT oc.order_id FROM order_cart oc JOIN carts USING (cart_id) WHERE oc.deleted_at IS NULL
            UNION
            SELECT opc.order_id FROM order_payment_collection opc
              JOIN payment p ON p.payment_collection_id = opc.payment_collection_id AND p.deleted_at IS NULL
              JOIN carts ON carts.cart_id = p.data->>'service_cart_id'
             WHERE opc.deleted_at IS NULL)
     SELECT o.id AS order_id, o.status AS order_status,
            (SELECT oc.cart_id FROM order_cart oc WHERE oc.order_id = o.id AND oc.deleted_at IS NULL LIMIT 1) AS cart_id,
            p.id AS payment_id, p.data->>'loan_id' AS loan_id, p.amount::text AS amount, p.canceled_at,
            (SELECT COALESCE(SUM(c.amount), 0)::text FROM capture c WHERE c.payment_id = p.id AND c.deleted_at IS NULL) AS captured,
            (SELECT COALESCE(SUM(r.amount), 0)::text FROM refund r WHERE r.payment_id = p.id AND r.deleted_at IS NULL) AS refunded,
            (SELECT array_agg(r.amount::text) FROM refund r WHERE r.payment_id = p.id AND r.deleted_at IS NULL) AS refunds,
            (SELECT array_agg(r.id) FROM refund r WHERE r.payment_id = p.id AND r.deleted_at IS NULL) AS refund_ids
       FROM "order" o
       JOIN orders ON orders.order_id = o.id
       LEFT JOIN order_payment_collection opc ON opc.order_id = o.id AND opc.deleted_at IS NULL
       LEFT JOIN payment p ON p.payment_collection_id = opc.payment_collection_id AND p.deleted_at IS NULL AND p.provider_id = 'pp_bnpl_bnpl'
      WHERE o.deleted_at IS NULL`,
    [ids(cartIds)],
  )
  return rows.map((row) => ({
    order_id: row.order_id,
    order_status: row.order_status,
    cart_id: row.cart_id,
    payment_id: row.payment_id,
    loan_id: row.loan_id === null ? null : Number(row.loan_id),
    amount: cents(row.amount ?? "0"),
    canceled: row.canceled_at !== null,
    captured: cents(row.captured),
    refunded: cents(row.refunded),
    net: exactCents(row.captured) - exactCents(row.refunded),
    refunds: (row.refunds ?? []).map(cents).sort((a, b) => a - b),
    refund_ids: row.refund_ids ?? [],
  }))
}

/** One entry of the plugin's book of refunds (bnpl_refund), with its loan's ledger row. */
export interface BookRow {
  id: string
  row_id: string | null
  loan_id: number
  service_cart_id: string
  kind: "requested" | "outside"
  state: "sending" | "accepted" | "rejected" | "unknown" | "open" | "recorded" | "dismissed"
  /** Cents; null for an outside refund not recorded yet. */
  amount: number | null
  reason: string | null
  medusa_refund_id: string | null
  idempotency_key: string | null
  refund_id: string | null
  refund_date: string | null
  note: string | null
  created_at: Date
  updated_at: Date
}

/** States that leave what remains on a loan unknown until the admin settles them. */
export const UNDECIDED: ReadonlyArray<BookRow["state"]> = ["sending", "unknown", "open"]
export const isUndecided = (entry: BookRow): boolean => UNDECIDED.includes(entry.state)

type RawBookRow = Omit<BookRow, "amount" | "loan_id" | "created_at" | "updated_at"> & {
  amount: string | null
  loan_id: string
  created_at: string | Date
  updated_at: string | Date
}

/** Every entry of the plugin's book on these carts, oldest first. */
export async function bookEntries(sql: Sql, cartIds: string[]): Promise<BookRow[]> {
  const rows = await sql<RawBookRow>(
    `SELECT r.id, (SELECT l.id FROM bnpl_loan l WHERE l.loan_id = r.loan_id AND l.deleted_at IS NULL LIMIT 1) AS row_id,
            r.loan_id, r.service_cart_id, r.kind, r.state, r.amount::text AS amount, r.reason, r.medusa_refund_id, r.idempotency_key,
            r.refund_id, r.refund_date, r.note, r.created_at, r.updated_at
       FROM bnpl_refund r
      WHERE r.deleted_at IS NULL AND r.service_cart_id = ANY(string_to_array($1, ','))
      ORDER BY r.created_at`,
    [ids(cartIds)],
  )
  return rows.map((row) => ({
    ...row,
    loan_id: Number(row.loan_id),
    amount: row.amount === null ? null : cents(row.amount),
    created_at: new Date(row.created_at),
    updated_at: new Date(row.updated_at),
  }))
}

/** The cart's loans on the admin's attention list, oldest first, with their ledger row's id. */
export async function listedRows(sql: Sql, cartId: string): Promise<Array<{ id: string; loan_id: number }>> {
  const rows = await sql<{ id: string; loan_id: string }>(
    `SELECT id, loan_id FROM bnpl_loan WHERE deleted_at IS NULL AND state = 'needs_attention' AND service_cart_id = $1 ORDER BY created_at`,
    [cartId],
  )
  return rows.map((row) => ({ id: row.id, loan_id: Number(row.loan_id) }))
}

/** The order of a cart, as Medusa links them. */
export async function orderOfCart(sql: Sql, cartId: string): Promise<string | undefined> {
  const rows = await sql<{ order_id: string }>(`SELECT order_id FROM order_cart WHERE cart_id = $1 AND deleted_at IS NULL`, [cartId])
  return rows[0]?.order_id
}

/**
 * Half a day passes for these carts' loans: past the loan time-out (12 h by default) and the
 * refund-check interval (6 h by default). The ledger's clock is its rows' times, so they move
 * back, as the http reconcile spec does; nothing else is touched.
 */
export async function letTimePass(sql: Sql, cartIds: string[], hours = 13): Promise<void> {
  await sql(
    `UPDATE bnpl_loan SET created_at = created_at - make_interval(hours => $1::int), checked_at = checked_at - make_interval(hours => $2::int)
      WHERE service_cart_id = ANY(string_to_array($3, ','))`,
    [hours, hours, ids(cartIds)],
  )
}

/**
 * The refund checks of these carts' loans fall due (past `BNPL_REFUND_CHECK_HOURS`, 6 h by
 * default), and nothing else moves: no loan times out.
 */
export async function makeRefundChecksDue(sql: Sql, cartIds: string[], hours = 7): Promise<void> {
  await sql(`UPDATE bnpl_loan SET checked_at = checked_at - make_interval(hours => $1::int) WHERE service_cart_id = ANY(string_to_array($2, ','))`, [
    hours,
    ids(cartIds),
  ])
}

/** Exact cents of a decimal amount as PostgreSQL prints it ("3349.5", "0"). */
/** A decimal of Medusa's in cents, its fraction of a cent kept. */
export const exactCents = (decimal: string | number): number => Number(decimal) * 100

export function cents(decimal: string | number): number {
  return Math.round(Number(decimal) * 100)
}
