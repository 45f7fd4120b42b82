import { join } from "node:path"
import type { BenchContext } from "./context"
import type { FigureRow } from "./figure"
import { costBetween, settledCounters, type SqlCost } from "./sql-counters"
import { CartFactory } from "../harness/cart-factory"
import { checkouts, loanCheckouts, type LoanCheckout } from "../harness/checkouts"
import type { JsonReply } from "../harness/http"
import { LogFile } from "../harness/log-file"
import { countOrders } from "../harness/orders"
import { withFaults } from "../harness/sandbox-loans"
import { AdminApi } from "../harness/admin-api"
import { APP_ROLE, startStatementsDatabase, type StatementsDatabase } from "../harness/statements-postgres"
import { BNPL, orderOf, sessionOf, StoreApi, SYSTEM, type ReadyCart } from "../harness/store-api"

/** Orders of each flow made before counting: the first runs of a path load and compile lazily, and Medusa reads its schema once. */
const WARM_UP = 2

/** The plugin's checkout and webhook may send the database at most this many times the statements of Medusa's own provider. */
const MAX_RATIO = 1.3

/** Statements listed per side in a row's details. */
const TOP = 40

interface Shop {
  ctx: BenchContext
  api: StoreApi
  db: StatementsDatabase
  /** With `autoCapture`, what captures Medusa's own provider's orders: like for like, as the topology figure compares. */
  admin?: AdminApi
}

type FlowName = "checkout" | "webhook → order"
type Side = "bnpl" | "system"

interface Flow {
  name: FlowName
  side: Side
  /** Makes the next `count` orders, one at a time; answers their carts. */
  run(count: number): Promise<string[]>
}

/**
 * Figure `sql`: what each order costs the database, the plugin against Medusa's system provider.
 * The figure has a PostgreSQL of its own (pg_stat_statements must be loaded when the server starts)
 * and a Medusa on it that connects as its own role, so the counts hold the application's
 * statements and none of the bench's. Four flows run one after another, N orders each in
 * sequence, nothing else on the database: the storefront's checkout (session, then completion)
 * with each provider, a paid loan's webhook completing its cart, and the storefront completing a
 * system-provider cart whose session already exists. With `autoCapture` (the plugin captures each
 * order as its loan is confirmed), each system-provider order's payment is captured through the
 * admin API right after its completion, as a store that captures at once does (Medusa's
 * capturePaymentWorkflow): like for like, as the topology figure compares. Between flows the
 * statistics settle (sql-counters.ts); a flow's cost is the difference, divided by its orders.
 */
export async function benchSqlPerOrder(ctx: BenchContext): Promise<FigureRow[]> {
  ctx.say("sql per order: starting a PostgreSQL with pg_stat_statements, migrating and seeding it, and a Medusa on it…")
  const db = await startStatementsDatabase("bench-sql")
  const store = await ctx.stack.seedDatabase(db.appUrl, new LogFile(join(ctx.stack.options.artifacts, "medusa-sql-setup.log")))
  const { process: medusa } = await ctx.stack.medusa("sql", { DATABASE_URL: db.appUrl, BNPL_AUTO_CAPTURE: String(ctx.config.autoCapture) })
  try {
    const api = new StoreApi(medusa.url, store)
    const admin = ctx.config.autoCapture ? await AdminApi.login(medusa.url, ctx.stack.secrets.admin) : undefined
    return await measure({ ctx, api, db, admin }, await CartFactory.create(api, db))
  } finally {
    await medusa.stop()
  }
}

async function measure(shop: Shop, carts: CartFactory): Promise<FigureRow[]> {
  const { ctx, api } = shop
  const n = ctx.config.sqlN
  const size = n + WARM_UP
  ctx.say(`sql per order: preparing ${4 * size} carts, half of them with their payment session…`)
  const loans = await loanCheckouts(api, await carts.carts(size), ctx.config.prepConcurrency)
  const sessions = await checkouts(api, await carts.carts(size), SYSTEM, ctx.config.prepConcurrency)
  const flows = [
    flow("checkout", "bnpl", await carts.carts(size), (cart) => checkoutWithLoan(shop, cart)),
    flow("checkout", "system", await carts.carts(size), (cart) => checkoutWithSystem(shop, cart)),
    flow("webhook → order", "bnpl", loans, (loan) => paidByWebhook(shop, loan)),
    flow("webhook → order", "system", sessions, (cart) => completeWithSystem(shop, cart)),
  ]
  for (const f of flows) await f.run(WARM_UP)
  let before = await settledCounters(shop.db, APP_ROLE)
  const costs = new Map<string, SqlCost>()
  for (const f of flows) {
    ctx.say(`sql per order: ${f.name}, ${f.side}: ${n} orders…`)
    const cartIds = await f.run(n)
    const orders = await countOrders(shop.db, cartIds)
    if (orders !== n) throw new Error(`${f.name} (${f.side}): ${orders} orders for ${n} carts`)
    const after = await settledCounters(shop.db, APP_ROLE)
    costs.set(`${f.name}/${f.side}`, await costBetween(shop.db, before, after))
    before = after
  }
  const pair = (name: FlowName): [SqlCost, SqlCost] => [costs.get(`${name}/bnpl`)!, costs.get(`${name}/system`)!]
  const captured = !!shop.admin
  return [...rows("checkout", ...pair("checkout"), n, captured), ...rows("webhook → order", ...pair("webhook → order"), n, captured)]
}

function flow<T extends ReadyCart>(name: FlowName, side: Side, items: T[], order: (item: T) => Promise<unknown>): Flow {
  return {
    name,
    side,
    run: async (count) => {
      const batch = items.splice(0, count)
      for (const item of batch) await order(item)
      return batch.map((item) => item.cartId)
    },
  }
}

/**
 * The storefront's whole checkout with the plugin: the session (and its loan), the customer
 * paying, the storefront completing the cart. The loan's webhook is dropped for this flow, so
 * that the storefront's completion is the only one: the webhook's path is the other flow.
 */
async function checkoutWithLoan(shop: Shop, cart: ReadyCart): Promise<void> {
  const { sandbox } = shop.ctx.stack
  const dropped = { ...shop.ctx.baseFaults, webhook: { dropRate: 1 } }
  await withFaults(sandbox, dropped, shop.ctx.baseFaults, async () => {
    const { loanId } = sessionOf(await shop.api.startSession(cart.collectionId, BNPL), BNPL)
    if (loanId === undefined) throw new Error(`cart ${cart.cartId}: the session holds no loan_id`)
    await sandbox.pay(loanId)
  })
  await expectOrder(`checkout of ${cart.cartId}`, shop.api.complete(cart.cartId))
}

async function checkoutWithSystem(shop: Shop, cart: ReadyCart): Promise<void> {
  sessionOf(await shop.api.startSession(cart.collectionId, SYSTEM), SYSTEM)
  await completeWithSystem(shop, cart)
}

/** The storefront completes a system-provider cart; with `autoCapture` on the plugin's side, the admin then captures its payment. */
async function completeWithSystem(shop: Shop, cart: ReadyCart): Promise<void> {
  await expectOrder(`completion of ${cart.cartId}`, shop.api.complete(cart.cartId))
  if (!shop.admin) return
  const [payment] = await shop.db.query<{ id: string }>("SELECT id FROM payment WHERE deleted_at IS NULL AND payment_collection_id = $1", [
    cart.collectionId,
  ])
  if (!payment) throw new Error(`cart ${cart.cartId}: its order holds no payment to capture`)
  const captured = await shop.admin.post(`/admin/payments/${payment.id}/capture`, {})
  if (captured.status !== 200) throw new Error(`cart ${cart.cartId}: the capture was answered ${captured.status}`)
}

/** pay() resolves after the webhook's first delivery; a retried one would land in the next flow's count. */
async function paidByWebhook(shop: Shop, loan: LoanCheckout): Promise<void> {
  const { sandbox, probe } = shop.ctx.stack
  const seen = probe.deliveries.length
  await sandbox.pay(loan.loanId)
  const delivery = probe.deliveries.slice(seen).find((d) => d.loanId === loan.loanId)
  if (delivery?.status !== 200) throw new Error(`loan ${loan.loanId}: its webhook was answered ${delivery?.status ?? delivery?.error ?? "never"}`)
}

async function expectOrder(step: string, reply: Promise<JsonReply>): Promise<void> {
  const answer = await reply
  if (!orderOf(answer)) throw new Error(`${step}: no order (HTTP ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)})`)
}

function rows(name: FlowName, bnpl: SqlCost, system: SqlCost, n: number, captured: boolean): FigureRow[] {
  const label = `${name === "checkout" ? "system checkout" : "system complete"}${captured ? " + capture" : ""}`
  const row = (what: string, unit: string, pick: (cost: SqlCost) => number, details?: Record<string, unknown>): FigureRow => {
    const ours = pick(bnpl) / n
    const theirs = pick(system) / n
    const judged = what === "statements"
    return {
      figure: `SQL per order, ${name}: ${what}`,
      unit,
      measured: { n, median: ours, p99: ours },
      baseline: { label, n, median: theirs, p99: theirs },
      ratio: ours / theirs,
      ratioMeaning: `${what} per order, plugin / system provider`,
      target: judged ? `≤ ${MAX_RATIO}×` : "reported",
      ...(judged ? { met: ours / theirs <= MAX_RATIO } : {}),
      details,
    }
  }
  return [
    row("statements", "statements/order", (cost) => cost.statements, statementDetails(bnpl, system, n)),
    row("rows written", "rows/order", (cost) => cost.rowsWritten, { bnplByTable: tablesPerOrder(bnpl, n), systemByTable: tablesPerOrder(system, n) }),
    row("WAL", "bytes/order", (cost) => cost.walBytes),
    row("execution time", "ms/order", (cost) => cost.execMs, { bnplTop: slowest(bnpl, n), systemTop: slowest(system, n) }),
    row("planning time", "ms/order", (cost) => cost.planMs),
    row("server CPU", "ms/order", (cost) => cost.cpuMs),
  ]
}

const perOrder = (count: number, n: number): number => Math.round((count / n) * 100) / 100
const oneLine = (query: string): string => query.replace(/\s+/g, " ").trim()
const TRANSACTION_CONTROL = /^(BEGIN|START TRANSACTION|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)\b/i

/** Calls, execution and planning time of each normalized statement text (pg_stat_statements may keep one text under several ids). */
function byText(cost: SqlCost): Map<string, { calls: number; ms: number; planMs: number }> {
  const totals = new Map<string, { calls: number; ms: number; planMs: number }>()
  for (const { query, calls, ms, planMs } of cost.byStatement) {
    const seen = totals.get(oneLine(query)) ?? { calls: 0, ms: 0, planMs: 0 }
    totals.set(oneLine(query), { calls: seen.calls + calls, ms: seen.ms + ms, planMs: seen.planMs + planMs })
  }
  return totals
}

const callsByText = (cost: SqlCost): Map<string, number> => new Map([...byText(cost)].map(([query, { calls }]) => [query, calls]))

/**
 * The plugin's most frequent statements per order, Medusa's own provider's, and the statements the
 * plugin runs more often than Medusa's own provider does: where repeated reads show.
 */
function statementDetails(bnpl: SqlCost, system: SqlCost, n: number): Record<string, unknown> {
  const ours = callsByText(bnpl)
  const theirs = callsByText(system)
  const top = (calls: Map<string, number>) =>
    [...calls]
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP)
      .map(([query, count]) => ({ perOrder: perOrder(count, n), query: query.slice(0, 400) }))
  const more = new Map(
    [...ours].map(([query, count]) => [query, count - (theirs.get(query) ?? 0)] as [string, number]).filter(([, extra]) => extra > 0),
  )
  const control = (calls: Map<string, number>): number =>
    perOrder(
      [...calls].filter(([q]) => TRANSACTION_CONTROL.test(q)).reduce((t, [, c]) => t + c, 0),
      n,
    )
  return {
    orders: n,
    method: "pg_stat_statements: top-level statements of Medusa's own role (utility statements included), difference over N orders in sequence",
    transactionControlPerOrder: { bnpl: control(ours), system: control(theirs) },
    bnplTop: top(ours),
    systemTop: top(theirs),
    bnplBeyondSystem: top(more),
  }
}

/** The statements that took the server the most time per order, planning and execution, by normalized text. */
function slowest(cost: SqlCost, n: number): Array<{ msPerOrder: number; planMsPerOrder: number; callsPerOrder: number; query: string }> {
  return [...byText(cost)]
    .sort((a, b) => b[1].ms + b[1].planMs - (a[1].ms + a[1].planMs))
    .slice(0, TOP)
    .map(([query, { ms, planMs, calls }]) => ({
      msPerOrder: perOrder(ms, n),
      planMsPerOrder: perOrder(planMs, n),
      callsPerOrder: perOrder(calls, n),
      query: query.slice(0, 400),
    }))
}

function tablesPerOrder(cost: SqlCost, n: number): Array<{ table: string; perOrder: number }> {
  return cost.byTable.slice(0, TOP).map(({ table, rows }) => ({ table, perOrder: perOrder(rows, n) }))
}
