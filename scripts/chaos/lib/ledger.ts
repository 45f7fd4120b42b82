import type { Sandbox } from "../../../packages/sandbox"
import { refundableCents } from "../../../packages/sandbox/refunds"
import { allOrders } from "../../harness/orders"
import type { Database } from "../../harness/postgres"

export interface LedgerCheck {
  paidLoans: number
  orders: number
  /** Orders linked to no cart that a ledger row lists for the admin (a completion a crash cut short). */
  listedWithoutCart: number
  /** Human-readable breaches of "one order per paid loan, no order without a paid loan". */
  violations: string[]
}

/**
 * What one scenario did: its carts (their loans and orders), and the orders that existed
 * before it began, so that an order without a cart left by an earlier scenario is not blamed
 * on this one. Take it when the scenario begins, before anything is paid.
 */
export interface LedgerScope {
  carts: Set<string>
  earlierOrders: Set<string>
}

export async function ledgerScope(db: Database, carts: Iterable<string>): Promise<LedgerScope> {
  return { carts: new Set(carts), earlierOrders: new Set((await allOrders(db)).map((order) => order.order_id)) }
}

/**
 * The invariant every chaos scenario ends with, checked between the two sources of truth:
 * the service's loans (the sandbox's state) and Medusa's orders (the database).
 * - every paid loan has exactly one order, on its cart;
 * - no order exists whose cart has no paid loan, nor any order without a cart, unless the
 *   ledger lists it for the admin: a completion a crash cut short between placing the order and
 *   linking it leaves one, and the plugin never deletes an order; it names it on the loan's row.
 * Without a scope, the whole store is checked.
 */
export async function checkLedger(sandbox: Sandbox, db: Database, scope?: LedgerScope): Promise<LedgerCheck> {
  const carts = scope?.carts
  const paidByCart = new Map<string, number[]>()
  for (const loan of sandbox.state.loans.values()) {
    if (loan.status !== "OUTSTANDING" && loan.status !== "HISTORICAL") continue
    if (carts && !carts.has(loan.cartId)) continue
    paidByCart.set(loan.cartId, [...(paidByCart.get(loan.cartId) ?? []), loan.loanId])
  }
  const ordersByCart = new Map<string, string[]>()
  const violations: string[] = []
  const suspects = new Set(
    (await db.query<{ id: string }>("SELECT suspect_order_id AS id FROM bnpl_loan WHERE suspect_order_id IS NOT NULL")).map((row) => row.id),
  )
  let listedWithoutCart = 0
  for (const { order_id: orderId, cart_id: cartId } of await allOrders(db)) {
    if (cartId === null && scope?.earlierOrders.has(orderId)) continue
    if (cartId === null && suspects.has(orderId)) listedWithoutCart++
    else if (cartId === null) violations.push(`order ${orderId} has no cart, and no ledger row lists it`)
    else ordersByCart.set(cartId, [...(ordersByCart.get(cartId) ?? []), orderId])
  }
  for (const [cartId, loanIds] of paidByCart) {
    const orders = ordersByCart.get(cartId) ?? []
    if (loanIds.length > 1) violations.push(`cart ${cartId} has ${loanIds.length} paid loans (${loanIds.join(", ")})`)
    if (orders.length !== 1) violations.push(`paid loan ${loanIds.join(", ")} of cart ${cartId} has ${orders.length} orders`)
  }
  for (const [cartId, orders] of ordersByCart) {
    if (!paidByCart.has(cartId) && (!carts || carts.has(cartId))) violations.push(`order ${orders.join(", ")} of cart ${cartId} has no paid loan`)
  }
  const scoped = [...ordersByCart].filter(([cartId]) => !carts || carts.has(cartId))
  return { paidLoans: paidByCart.size, orders: scoped.reduce((n, [, orders]) => n + orders.length, 0), listedWithoutCart, violations }
}

/**
 * Orders of paid loans whose pp_bnpl_bnpl session never became authorized: the order exists
 * but Medusa recorded no payment for it (e.g. a crash between creating the order and
 * authorizing the session). Not part of the rule for money; reported so it can be seen.
 */
export async function ordersWithoutAuthorizedSession(db: Database, carts: string[]): Promise<string[]> {
  const rows = await db.query<{ cart_id: string }>(
    `SELECT oc.cart_id FROM order_cart oc
       JOIN cart_payment_collection cpc ON cpc.cart_id = oc.cart_id AND cpc.deleted_at IS NULL
       JOIN payment_session ps ON ps.payment_collection_id = cpc.payment_collection_id AND ps.provider_id = 'pp_bnpl_bnpl' AND ps.deleted_at IS NULL
      WHERE oc.deleted_at IS NULL AND oc.cart_id = ANY($1)
      GROUP BY oc.cart_id
     HAVING bool_and(ps.status <> 'authorized')`,
    [carts],
  )
  return rows.map((row) => row.cart_id)
}

/** How a paid loan ended, by the rule for money (see src/modules/bnpl/index.ts). */
export interface LoanOutcomes {
  paidLoans: number
  /** Orders of the scope's carts. */
  orders: number
  /** Paid loans held by one order, refunded in full at the service, on the attention list. */
  ordered: number
  refunded: number
  needsAttention: number
  /** Carts with more than one order. */
  duplicates: number
  /** Ledger rows naming a second order that may hold the same cart: the admin cancels one. */
  suspectsListed: number
  /** Paid loans the ledger has no row for. */
  withoutRow: number
  /** Breaches, one line each: a loan in none of the three outcomes, or in two of them. */
  violations: string[]
}

interface LedgerRow {
  loan_id: number
  state: string
  attention_reason: string | null
  suspect_order_id: string | null
}

/**
 * The rule for money (docs/money.md, "The rule for money"), for every paid loan
 * at the service among the scope's carts: exactly one of (a) one order holds it (its cart has
 * one order), (b) it is refunded in full at the service, (c) its `bnpl_loan` row is
 * `needs_attention` with a reason. A loan held by
 * its order and also listed because a suspect second order exists is (a), with the suspect
 * counted. A cart with two orders is a duplicate whatever else holds.
 */
export async function checkLoanOutcomes(sandbox: Sandbox, db: Database, scope: LedgerScope): Promise<LoanOutcomes> {
  const paid = [...sandbox.state.loans.values()].filter(
    (loan) => (loan.status === "OUTSTANDING" || loan.status === "HISTORICAL") && scope.carts.has(loan.cartId),
  )
  const orders = await ordersOfCarts(db, [...scope.carts])
  const rows = new Map((await ledgerRows(db, [...scope.carts])).map((row) => [Number(row.loan_id), row]))
  const orderCount = [...orders.values()].reduce((n, ids) => n + ids.length, 0)
  const outcome: LoanOutcomes = {
    paidLoans: paid.length,
    orders: orderCount,
    ordered: 0,
    refunded: 0,
    needsAttention: 0,
    duplicates: 0,
    suspectsListed: 0,
    withoutRow: 0,
    violations: [],
  }
  for (const loan of paid) {
    const held = orders.get(loan.cartId) ?? []
    const row = rows.get(loan.loanId)
    const refunded = refundableCents(loan) === 0
    const listed = row?.state === "needs_attention" && !!row.attention_reason
    const suspect = !!row?.suspect_order_id
    if (!row) outcome.withoutRow++
    if (suspect) outcome.suspectsListed++
    if (held.length > 1) {
      outcome.duplicates++
      outcome.violations.push(`loan ${loan.loanId}: cart ${loan.cartId} has ${held.length} orders (${held.join(", ")})`)
      continue
    }
    const ordered = held.length === 1
    const ends = (
      [
        ["ordered", ordered],
        ["refunded", refunded],
        ["needsAttention", listed && !(ordered && suspect)],
      ] as const
    )
      .filter(([, holds]) => holds)
      .map(([end]) => end)
    if (ends.length === 1) outcome[ends[0]]++
    else if (!ends.length)
      outcome.violations.push(
        `loan ${loan.loanId} of cart ${loan.cartId}: no order, not refunded, not listed (ledger: ${row ? row.state : "no row"})`,
      )
    else outcome.violations.push(`loan ${loan.loanId} of cart ${loan.cartId} is at once ${ends.join(" and ")}`)
  }
  return outcome
}

async function ordersOfCarts(db: Database, carts: string[]): Promise<Map<string, string[]>> {
  const rows = await db.query<{ cart_id: string; order_id: string }>(
    `SELECT oc.cart_id, oc.order_id FROM order_cart oc JOIN "order" o ON o.id = oc.order_id AND o.deleted_at IS NULL
      WHERE oc.deleted_at IS NULL AND oc.cart_id = ANY($1)`,
    [carts],
  )
  const byCart = new Map<string, string[]>()
  for (const row of rows) byCart.set(row.cart_id, [...(byCart.get(row.cart_id) ?? []), row.order_id])
  return byCart
}

function ledgerRows(db: Database, carts: string[]): Promise<LedgerRow[]> {
  return db.query<LedgerRow>(
    `SELECT loan_id, state, attention_reason, suspect_order_id FROM bnpl_loan WHERE deleted_at IS NULL AND service_cart_id = ANY($1)`,
    [carts],
  )
}
