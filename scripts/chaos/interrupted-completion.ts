import { Client } from "pg"
import type { WebhookDelivery } from "../../packages/sandbox"
import type { ReconcileSummary } from "../harness/admin-api"
import { loanCheckouts, type LoanCheckout } from "../harness/checkouts"
import type { JsonReply } from "../harness/http"
import { waitUntil } from "../harness/pool"
import { withFaults } from "../harness/sandbox-loans"
import { orderOf } from "../harness/store-api"
import type { ChaosContext } from "./context"
import { checkLedger, ledgerScope, ordersWithoutAuthorizedSession, type LedgerCheck, type LedgerScope } from "./lib/ledger"
import { waitForChains } from "./lib/webhook-chains"
import { Expectations, type Scenario, type ScenarioResult } from "./scenario"

/**
 * The restart scenario kills Medusa at random moments; this one kills it, every time, at
 * the moment that hurts most: Medusa's cart completion has created the order and not yet
 * linked it to the cart. A SHARE lock on the order_cart table (reads pass, inserts wait)
 * holds every completion exactly there; then Medusa is SIGKILLed. One cart per way a
 * completion starts and starts again:
 * - storefront: paid; the storefront's completion is cut; after the restart it completes again;
 * - webhook: paid; the webhook's completion is cut; after the restart the webhook comes again;
 * - reconciliation: paid; the webhook's completion is cut; after the restart only reconciliation runs;
 * - unpaid: the storefront completes before the customer paid (Medusa creates the order before
 *   it asks the provider); cut; the customer then pays and the webhook completes it.
 * - edited: paid; the storefront's completion is cut; the merchant fulfils the half-made order
 *   before the cart completes again.
 * Every half-made order holds its cart's payment collection, so it is the cart's order: each
 * cart must end with exactly that order, its payment recorded, no order deleted, and no second
 * order (so no suspect to list).
 */
export const interruptedCompletionScenario: Scenario = {
  name: "interrupted completion",
  async run(ctx: ChaosContext): Promise<ScenarioResult> {
    const paths = await paidWithoutWebhook(ctx)
    const cut = await cutAndRestart(ctx, paths)
    const after = await completeAgain(ctx, paths, cut.from)
    return report(paths, cut, after, await outcome(ctx, paths, after.halfMade))
  },
}

/** One cart per way a completion starts again, in the order the comment above lists them. */
interface Paths {
  storefront: LoanCheckout
  webhook: LoanCheckout
  reconciliation: LoanCheckout
  unpaid: LoanCheckout
  edited: LoanCheckout
  carts: string[]
  scope: LedgerScope
}

interface Cut {
  /** The database's clock when the completions were started: every half-made order is younger. */
  from: Date
  /** All five completions reached the held moment before the kill. */
  held: boolean
  orphansAtKill: number
}

/** What each path answered when it completed again after the restart. */
interface Again {
  halfMade: string[]
  fulfilled: JsonReply
  editedReply: JsonReply
  storefrontReply: JsonReply
  redelivered: WebhookDelivery
  swept: ReconcileSummary
}

interface Outcome {
  ledger: LedgerCheck
  unrecorded: string[]
  kept: Array<{ id: string; cart_id: string | null }>
  deleted: number
  rolledForward: number
  suspects: number
}

/** Five carts with loans; all but `unpaid` paid, with the webhook dropped so nothing completes yet. */
async function paidWithoutWebhook(ctx: ChaosContext): Promise<Paths> {
  const { sandbox, db } = ctx.stack
  const ready = await ctx.carts.carts(5)
  // Own e-mails, so that each path has its own order to clean up (look-alike carts: see restart).
  await db.query(`UPDATE cart SET email = 'cut-' || id || '@example.com' WHERE id = ANY($1)`, [ready.map((c) => c.cartId)])
  const [storefront, webhook, reconciliation, unpaid, edited] = await loanCheckouts(ctx.api, ready, 4)
  const carts = [storefront, webhook, reconciliation, unpaid, edited].map((loan) => loan.cartId)
  const scope = await ledgerScope(db, carts)
  // Paid without a webhook: each completion below is started on purpose, while it can be cut.
  await withFaults(sandbox, { webhook: { dropRate: 1 } }, {}, async () => {
    for (const loan of [storefront, webhook, reconciliation, edited]) await sandbox.pay(loan.loanId)
  })
  return { storefront, webhook, reconciliation, unpaid, edited, carts, scope }
}

/** Every path's completion held between creating the order and linking it; SIGKILL; start again. */
async function cutAndRestart(ctx: ChaosContext, paths: Paths): Promise<Cut> {
  const { sandbox, db } = ctx.stack
  const [{ now: from }] = await db.query<{ now: Date }>("SELECT now()")
  const lock = new Client({ connectionString: db.url })
  await lock.connect()
  await lock.query("BEGIN; LOCK TABLE order_cart IN SHARE MODE")
  const cut = [
    ctx.api.complete(paths.storefront.cartId, 60_000),
    sandbox.redeliver(paths.webhook.loanId),
    sandbox.redeliver(paths.reconciliation.loanId),
    ctx.api.complete(paths.unpaid.cartId, 60_000),
    ctx.api.complete(paths.edited.cartId, 60_000),
  ].map((request) => Promise.resolve(request).catch(() => undefined))
  // Medusa reserves the stock beside linking the order: wait for the reservations too, so that
  // every run cuts at the same state.
  const held = await waitUntil(async () => (await ordersWithoutCart(ctx, from)) === 5 && (await reservationsSince(ctx, from)) === 5, 60_000, 100)
  await ctx.medusa.kill()
  await lock.query("COMMIT").finally(() => lock.end())
  await Promise.all(cut)
  const orphansAtKill = await ordersWithoutCart(ctx, from)
  ctx.say(`interrupted completion: ${orphansAtKill} orders left without a cart by the kill; starting Medusa again…`)
  await ctx.medusa.start()
  return { from, held, orphansAtKill }
}

/** Each path starts its completion again: the merchant's fulfilment first, then cart, webhook, reconciliation, payment. */
async function completeAgain(ctx: ChaosContext, paths: Paths, cutFrom: Date): Promise<Again> {
  const { sandbox, db, probe } = ctx.stack
  // The merchant ships the edited cart's half-made order before anything completes the cart again.
  const halfMade = await halfMadeOrders(ctx, cutFrom)
  const [editedOrder] = await db.query<{ id: string; item_id: string }>(
    `SELECT o.id, oi.item_id FROM "order" o JOIN order_item oi ON oi.order_id = o.id
      WHERE o.email = (SELECT email FROM cart WHERE id = $1) AND o.created_at >= $2`,
    [paths.edited.cartId, cutFrom],
  )
  const fulfilled = await ctx.admin.post(`/admin/orders/${editedOrder.id}/fulfillments`, { items: [{ id: editedOrder.item_id, quantity: 1 }] })
  const editedReply = await ctx.api.complete(paths.edited.cartId, 60_000)

  const storefrontReply = await ctx.api.complete(paths.storefront.cartId, 60_000)
  const redelivered = await sandbox.redeliver(paths.webhook.loanId)
  const swept = await ctx.admin.reconcile()
  const firstDelivery = probe.deliveries.length
  await sandbox.pay(paths.unpaid.loanId)
  await waitForChains(() => probe.deliveries.slice(firstDelivery), [paths.unpaid.loanId], ctx.webhookRetries, 30_000)
  return { halfMade, fulfilled, editedReply, storefrontReply, redelivered, swept }
}

/** Where the half-made orders ended, the ledger invariant, and the suspects listed for these carts. */
async function outcome(ctx: ChaosContext, paths: Paths, halfMade: string[]): Promise<Outcome> {
  const { sandbox, db } = ctx.stack
  const ledger = await checkLedger(sandbox, db, paths.scope)
  const unrecorded = await ordersWithoutAuthorizedSession(db, paths.carts)
  const kept = await db.query<{ id: string; cart_id: string | null }>(
    `SELECT o.id, oc.cart_id FROM "order" o LEFT JOIN order_cart oc ON oc.order_id = o.id AND oc.deleted_at IS NULL
      WHERE o.id = ANY($1) AND o.deleted_at IS NULL`,
    [halfMade],
  )
  const [{ count: suspects }] = await db.query<{ count: string }>(
    "SELECT count(*) FROM bnpl_loan WHERE service_cart_id = ANY($1) AND suspect_order_id IS NOT NULL",
    [paths.carts],
  )
  const rolledForward = kept.filter((order) => order.cart_id !== null).length
  return { ledger, unrecorded, kept, deleted: halfMade.length - kept.length, rolledForward, suspects: Number(suspects) }
}

function report(paths: Paths, cut: Cut, again: Again, end: Outcome): ScenarioResult {
  const { fulfilled, editedReply, storefrontReply, redelivered, swept } = again
  const { ledger, unrecorded, deleted, rolledForward } = end
  const sameOrder = (reply: JsonReply, cartId: string): boolean => {
    const id = orderOf(reply)
    return id !== undefined && end.kept.some((order) => order.id === id && order.cart_id === cartId)
  }
  const editedSame = sameOrder(editedReply, paths.edited.cartId)
  const storefrontSame = sameOrder(storefrontReply, paths.storefront.cartId)
  return {
    figures: {
      "orders without a cart at the kill": cut.orphansAtKill,
      "fulfilled half-made order, then completion": `${fulfilled.status} / ${editedSame ? "the same order" : JSON.stringify(editedReply.body).slice(0, 200)}`,
      "storefront completion after restart": storefrontSame ? "the half-made order" : JSON.stringify(storefrontReply.body).slice(0, 300),
      "webhook after restart": redelivered.status ?? redelivered.error ?? "no reply",
      reconciliation: swept,
      "orders after": ledger.orders,
      "half-made orders rolled forward": rolledForward,
      "orders deleted": deleted,
      "suspects listed": end.suspects,
      violations: ledger.violations.length,
      "orders whose bnpl session is not authorized": unrecorded.length,
    },
    failures: new Expectations()
      .that(cut.held && cut.orphansAtKill === 5, `the cut left ${cut.orphansAtKill} orders without a cart, expected 5`)
      .that(
        fulfilled.status === 200,
        `the fulfilment of the half-made order was answered ${fulfilled.status}: ${JSON.stringify(fulfilled.body).slice(0, 300)}`,
      )
      .that(
        editedSame,
        `completing the fulfilled order's cart did not answer that order: ${editedReply.status} ${JSON.stringify(editedReply.body).slice(0, 200)}`,
      )
      .that(storefrontSame, "the storefront's completion after the restart did not answer the half-made order")
      .that(redelivered.status === 200, `the webhook after the restart was answered ${redelivered.status ?? redelivered.error}`)
      .that(swept.authorized >= 1, `reconciliation authorized ${swept.authorized} loans, expected the reconciliation cart's`)
      .that(deleted === 0, `${deleted} half-made orders were deleted; the plugin never deletes an order`)
      .that(rolledForward === 5, `${rolledForward} of 5 half-made orders became their cart's order`)
      .that(ledger.paidLoans === 5 && ledger.orders === 5, `${ledger.orders} orders for ${ledger.paidLoans} paid loans, expected 5 and 5`)
      .that(ledger.violations.length === 0, `ledger: ${ledger.violations.slice(0, 5).join("; ")}`)
      .that(unrecorded.length === 0, `orders without a recorded payment: ${unrecorded.join(", ")}`).failures,
  }
}

async function halfMadeOrders(ctx: ChaosContext, since: Date): Promise<string[]> {
  const rows = await ctx.stack.db.query<{ id: string }>(
    `SELECT o.id FROM "order" o WHERE o.deleted_at IS NULL AND o.created_at >= $1
        AND NOT EXISTS (SELECT 1 FROM order_cart oc WHERE oc.order_id = o.id AND oc.deleted_at IS NULL)`,
    [since],
  )
  return rows.map((row) => row.id)
}

async function ordersWithoutCart(ctx: ChaosContext, since: Date): Promise<number> {
  const [row] = await ctx.stack.db.query<{ count: string }>(
    `SELECT count(*) FROM "order" o
      WHERE o.deleted_at IS NULL AND o.status <> 'canceled' AND o.created_at >= $1
        AND NOT EXISTS (SELECT 1 FROM order_cart oc WHERE oc.order_id = o.id AND oc.deleted_at IS NULL)`,
    [since],
  )
  return Number(row.count)
}

async function reservationsSince(ctx: ChaosContext, since: Date): Promise<number> {
  const [row] = await ctx.stack.db.query<{ count: string }>("SELECT count(*) FROM reservation_item WHERE deleted_at IS NULL AND created_at >= $1", [
    since,
  ])
  return Number(row.count)
}
