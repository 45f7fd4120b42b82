import { performance } from "node:perf_hooks"
import type { WebhookDelivery } from "../../packages/sandbox"
import type { BenchContext } from "./context"
import type { FigureRow } from "./figure"
import { loanCheckouts, type LoanCheckout } from "../harness/checkouts"
import { ordersByCart } from "../harness/orders"
import { mapLimited, range, waitUntil } from "../harness/pool"
import { countBy, distribution } from "../harness/stats"
import type { Throughput } from "./webhook-to-order"

/** The sandbox retries a failed first copy in the background; give those time to land. */
const SETTLE_MS = 30_000

/**
 * Figure 3: every payment's webhook delivered `copies` times at once, `concurrency` loans
 * at a time: the customer pays (the sandbox sends the webhook) and, in the same tick, the
 * sandbox redelivers it `copies - 1` times. Target: exactly one order per cart, no 5xx.
 */
export async function benchDuplicateStorm(ctx: BenchContext, baseline?: Throughput): Promise<FigureRow[]> {
  const { stormN: n, stormCopies: copies } = ctx.config
  ctx.say(`duplicate storm: preparing ${n} bnpl checkouts…`)
  const loans = await loanCheckouts(ctx.api, await ctx.carts.carts(n), ctx.config.prepConcurrency)
  const { probe } = ctx.stack
  const firstDelivery = probe.deliveries.length
  const started = performance.now()
  await mapLimited(loans, ctx.config.concurrency, (loan) => storm(ctx, loan, copies))
  const carts = loans.map((loan) => loan.cartId)
  await waitUntil(async () => (await ordersByCart(ctx.stack.db, carts)).size >= carts.length, SETTLE_MS, 100)
  const wallMs = performance.now() - started
  const deliveries = probe.deliveries.slice(firstDelivery)
  const orders = await ordersByCart(ctx.stack.db, carts)
  const orderCount = [...orders.values()].reduce((sum, ids) => sum + ids.length, 0)
  const perSecond = orders.size / (wallMs / 1000)
  const serverErrors = deliveries.filter((d) => d.status === null || d.status >= 500).length
  const exactlyOne = carts.every((cart) => orders.get(cart)?.length === 1)
  return [
    {
      figure: `Duplicate storm (${copies} copies)`,
      unit: "ms/delivery",
      measured: distribution(deliveries.map((d) => d.durationMs)),
      baseline: baseline && { label: "system complete", ...distribution(baseline.latencies) },
      ratio: baseline && perSecond / baseline.perSecond,
      ratioMeaning: "orders/s under the storm / orders/s via system-provider completion",
      target: "orders = carts, no 5xx",
      met: exactlyOne && orderCount === carts.length && serverErrors === 0,
      details: {
        carts: carts.length,
        orders: orderCount,
        cartsWithOneOrder: [...orders.values()].filter((ids) => ids.length === 1).length,
        deliveries: deliveries.length,
        statuses: statuses(deliveries),
        wallMs,
        ordersPerSecond: perSecond,
        deliveriesPerSecond: deliveries.length / (wallMs / 1000),
      },
    },
  ]
}

async function storm(ctx: BenchContext, loan: LoanCheckout, copies: number): Promise<void> {
  const { sandbox } = ctx.stack
  // pay() moves the loan to OUTSTANDING synchronously, so the copies below all carry a paid loan.
  const paid = sandbox.pay(loan.loanId)
  await Promise.all([paid, ...range(copies - 1).map(() => sandbox.redeliver(loan.loanId))])
}

export function statuses(deliveries: WebhookDelivery[]): Record<string, number> {
  return countBy(deliveries, (d) => d.status ?? `no reply (${d.error ?? "?"})`)
}
