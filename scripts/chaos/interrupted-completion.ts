import { Client } from "pg"
import { loanCheckouts } from "../bench/lib/checkouts"
import { withFaults } from "../bench/lib/sandbox-loans"
import { orderOf } from "../bench/lib/store-api"
import { waitUntil } from "../bench/lib/pool"
import type { ChaosContext } from "./context"
import { checkLedger, ledgerScope, ordersWithoutAuthorizedSession } from "./lib/ledger"
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
 *   it asks the provider); cut; reconciliation cleans up; the customer then pays.
 * - edited: paid; the storefront's completion is cut; the merchant fulfils the half-made order
 *   before anything cleans it up. It must not be deleted, and the cart must not get a second
 *   order, until the merchant cancels it; then the cart completes.
 * Each must end with exactly one order, its payment recorded, and no order or reservation
 * left over from the cut completions but the one the merchant cancelled.
 */
export const interruptedCompletionScenario: Scenario = {
  name: "interrupted completion",
  async run(ctx: ChaosContext): Promise<ScenarioResult> {
    const { sandbox, db, probe } = ctx.stack
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

    const [{ now: cutFrom }] = await db.query<{ now: Date }>("SELECT now()")
    const lock = new Client({ connectionString: db.url })
    await lock.connect()
    await lock.query("BEGIN; LOCK TABLE order_cart IN SHARE MODE")
    const cut = [
      ctx.api.complete(storefront.cartId, 60_000),
      sandbox.redeliver(webhook.loanId),
      sandbox.redeliver(reconciliation.loanId),
      ctx.api.complete(unpaid.cartId, 60_000),
      ctx.api.complete(edited.cartId, 60_000),
    ].map((request) => Promise.resolve(request).catch(() => undefined))
    // Medusa reserves the stock beside linking the order: wait for the reservations too, so that
    // every run cuts at the same state.
    const held = await waitUntil(async () => (await ordersWithoutCart(ctx, cutFrom)) === 5 && (await reservationsSince(ctx, cutFrom)) === 5, 60_000, 100)
    await ctx.medusa.kill()
    await lock.query("COMMIT").finally(() => lock.end())
    await Promise.all(cut)
    const orphansAtKill = await ordersWithoutCart(ctx, cutFrom)
    ctx.say(`interrupted completion: ${orphansAtKill} orders left without a cart by the kill; starting Medusa again…`)
    await ctx.medusa.start()

    // The merchant ships the edited cart's half-made order before anything cleans it up.
    const [editedOrder] = await db.query<{ id: string; item_id: string }>(
      `SELECT o.id, oi.item_id FROM "order" o JOIN order_item oi ON oi.order_id = o.id
        WHERE o.email = (SELECT email FROM cart WHERE id = $1) AND o.created_at >= $2`,
      [edited.cartId, cutFrom],
    )
    const fulfilled = await ctx.admin.post(`/admin/orders/${editedOrder.id}/fulfillments`, { items: [{ id: editedOrder.item_id, quantity: 1 }] })
    const refused = await ctx.api.complete(edited.cartId, 60_000)

    const storefrontReply = await ctx.api.complete(storefront.cartId, 60_000)
    const storefrontOrder = orderOf(storefrontReply)
    const redelivered = await sandbox.redeliver(webhook.loanId)
    const swept = await ctx.admin.reconcile()
    const orphansAfterSweep = await ordersWithoutCart(ctx, cutFrom)
    const [unpaidCart] = await db.query<{ completed_at: Date | null }>("SELECT completed_at FROM cart WHERE id = $1", [unpaid.cartId])
    const firstDelivery = probe.deliveries.length
    await sandbox.pay(unpaid.loanId)
    await waitForChains(() => probe.deliveries.slice(firstDelivery), [unpaid.loanId], ctx.webhookRetries, 30_000)

    // The merchant decides the shipped order should not exist: the cart may now complete.
    const [{ fulfillment_id: fulfillmentId }] = await db.query<{ fulfillment_id: string }>(
      "SELECT fulfillment_id FROM order_fulfillment WHERE order_id = $1 AND deleted_at IS NULL",
      [editedOrder.id],
    )
    const unshipped = await ctx.admin.post(`/admin/orders/${editedOrder.id}/fulfillments/${fulfillmentId}/cancel`, {})
    const cancelled = await ctx.admin.post(`/admin/orders/${editedOrder.id}/cancel`, {})
    const editedReply = await ctx.api.complete(edited.cartId, 60_000)
    const editedCompleted = orderOf(editedReply)
    // A cancelled order without a cart is the merchant's record, not a breach.
    scope.earlierOrders.add(editedOrder.id)

    const ledger = await checkLedger(sandbox, db, scope)
    const unrecorded = await ordersWithoutAuthorizedSession(db, carts)
    const dangling = await danglingReservations(ctx)
    return {
      figures: {
        "orders without a cart at the kill": orphansAtKill,
        "storefront completion after restart": storefrontOrder ? "order" : JSON.stringify(storefrontReply.body).slice(0, 300),
        "webhook after restart": redelivered.status ?? redelivered.error ?? "no reply",
        reconciliation: swept,
        "unpaid cart reopened": unpaidCart?.completed_at === null,
        "edited: fulfilment / completion while it stands / cancel / completion after":
          `${fulfilled.status} / ${refused.status} / ${cancelled.status} / ${editedCompleted ? "order" : "no order"}`,
        "orders after": ledger.orders,
        violations: ledger.violations.length,
        "orders whose bnpl session is not authorized": unrecorded.length,
        "reservations of removed orders": dangling,
      },
      failures: new Expectations()
        .that(held && orphansAtKill === 5, `the cut left ${orphansAtKill} orders without a cart, expected 5`)
        .that(storefrontOrder !== undefined, "the storefront's completion after the restart placed no order")
        .that(redelivered.status === 200, `the webhook after the restart was answered ${redelivered.status ?? redelivered.error}`)
        .that(swept.orphan_orders_removed === 2, `reconciliation removed ${swept.orphan_orders_removed} orders, expected 2`)
        .that(swept.failed === 1, `reconciliation reported ${swept.failed} failures, expected 1 (the fulfilled order it must not delete)`)
        .that(orphansAfterSweep === 1, `${orphansAfterSweep} orders without a cart left after reconciliation, expected the fulfilled one`)
        .that(fulfilled.status === 200, `the fulfilment of the half-made order was answered ${fulfilled.status}: ${JSON.stringify(fulfilled.body).slice(0, 300)}`)
        .that(
          refused.status >= 400 && JSON.stringify(refused.body).includes("has been changed since"),
          `completing the cart of the fulfilled order was answered ${refused.status}: ${JSON.stringify(refused.body).slice(0, 200)}`,
        )
        .that(
          unshipped.status === 200 && cancelled.status === 200,
          `cancelling the fulfilment and the order was answered ${unshipped.status} / ${cancelled.status}: ${JSON.stringify([unshipped.body, cancelled.body]).slice(0, 300)}`,
        )
        .that(
          editedCompleted !== undefined,
          `after the merchant cancelled the fulfilled order, completing the cart was answered ${editedReply.status}: ${JSON.stringify(editedReply.body).slice(0, 200)}`,
        )
        .that(unpaidCart?.completed_at === null, "the unpaid cart is still marked completed")
        .that(ledger.paidLoans === 5 && ledger.orders === 5, `${ledger.orders} orders for ${ledger.paidLoans} paid loans, expected 5 and 5`)
        .that(ledger.violations.length === 0, `ledger: ${ledger.violations.slice(0, 5).join("; ")}`)
        .that(unrecorded.length === 0, `orders without a recorded payment: ${unrecorded.join(", ")}`)
        .that(dangling === 0, `${dangling} reservations still hold stock for removed orders`).failures,
    }
  },
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
  const [row] = await ctx.stack.db.query<{ count: string }>(
    "SELECT count(*) FROM reservation_item WHERE deleted_at IS NULL AND created_at >= $1",
    [since],
  )
  return Number(row.count)
}

/** Reservations whose order line no longer exists: stock held for nobody. */
async function danglingReservations(ctx: ChaosContext): Promise<number> {
  const [row] = await ctx.stack.db.query<{ count: string }>(
    `SELECT count(*) FROM reservation_item r
      WHERE r.deleted_at IS NULL AND r.line_item_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM order_line_item li WHERE li.id = r.line_item_id AND li.deleted_at IS NULL)`,
  )
  return Number(row.count)
}
