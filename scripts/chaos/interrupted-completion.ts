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
 * Each must end with exactly one order, its payment recorded, and no order or reservation
 * left over from the cut completions.
 */
export const interruptedCompletionScenario: Scenario = {
  name: "interrupted completion",
  async run(ctx: ChaosContext): Promise<ScenarioResult> {
    const { sandbox, db, probe } = ctx.stack
    const ready = await ctx.carts.carts(4)
    // Own e-mails, so that each path has its own order to clean up (look-alike carts: see restart).
    await db.query(`UPDATE cart SET email = 'cut-' || id || '@example.com' WHERE id = ANY($1)`, [ready.map((c) => c.cartId)])
    const [storefront, webhook, reconciliation, unpaid] = await loanCheckouts(ctx.api, ready, 4)
    const carts = [storefront, webhook, reconciliation, unpaid].map((loan) => loan.cartId)
    const scope = await ledgerScope(db, carts)
    // Paid without a webhook: each completion below is started on purpose, while it can be cut.
    await withFaults(sandbox, { webhook: { dropRate: 1 } }, {}, async () => {
      for (const loan of [storefront, webhook, reconciliation]) await sandbox.pay(loan.loanId)
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
    ].map((request) => Promise.resolve(request).catch(() => undefined))
    const held = await waitUntil(async () => (await ordersWithoutCart(ctx, cutFrom)) === 4, 60_000, 100)
    await ctx.medusa.kill()
    await lock.query("COMMIT").finally(() => lock.end())
    await Promise.all(cut)
    const orphansAtKill = await ordersWithoutCart(ctx, cutFrom)
    ctx.say(`interrupted completion: ${orphansAtKill} orders left without a cart by the kill; starting Medusa again…`)
    await ctx.medusa.start()

    const storefrontReply = await ctx.api.complete(storefront.cartId, 60_000)
    const storefrontOrder = orderOf(storefrontReply)
    const redelivered = await sandbox.redeliver(webhook.loanId)
    const swept = await ctx.admin.reconcile()
    const orphansAfterSweep = await ordersWithoutCart(ctx, cutFrom)
    const [unpaidCart] = await db.query<{ completed_at: Date | null }>("SELECT completed_at FROM cart WHERE id = $1", [unpaid.cartId])
    const firstDelivery = probe.deliveries.length
    await sandbox.pay(unpaid.loanId)
    await waitForChains(() => probe.deliveries.slice(firstDelivery), [unpaid.loanId], ctx.webhookRetries, 30_000)

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
        "orders after": ledger.orders,
        violations: ledger.violations.length,
        "orders whose bnpl session is not authorized": unrecorded.length,
        "reservations of removed orders": dangling,
      },
      failures: new Expectations()
        .that(held && orphansAtKill === 4, `the cut left ${orphansAtKill} orders without a cart, expected 4`)
        .that(storefrontOrder !== undefined, "the storefront's completion after the restart placed no order")
        .that(redelivered.status === 200, `the webhook after the restart was answered ${redelivered.status ?? redelivered.error}`)
        .that(swept.orphan_orders_removed === 2, `reconciliation removed ${swept.orphan_orders_removed} orders, expected 2`)
        .that(orphansAfterSweep === 0, `${orphansAfterSweep} orders without a cart left after reconciliation`)
        .that(unpaidCart?.completed_at === null, "the unpaid cart is still marked completed")
        .that(ledger.paidLoans === 4 && ledger.orders === 4, `${ledger.orders} orders for ${ledger.paidLoans} paid loans, expected 4 and 4`)
        .that(ledger.violations.length === 0, `ledger: ${ledger.violations.slice(0, 5).join("; ")}`)
        .that(unrecorded.length === 0, `orders without a recorded payment: ${unrecorded.join(", ")}`)
        .that(dangling === 0, `${dangling} reservations still hold stock for removed orders`).failures,
    }
  },
}

async function ordersWithoutCart(ctx: ChaosContext, since: Date): Promise<number> {
  const [row] = await ctx.stack.db.query<{ count: string }>(
    `SELECT count(*) FROM "order" o
      WHERE o.deleted_at IS NULL AND o.created_at >= $1
        AND NOT EXISTS (SELECT 1 FROM order_cart oc WHERE oc.order_id = o.id AND oc.deleted_at IS NULL)`,
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
