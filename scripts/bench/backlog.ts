import type { FaultConfig } from "../../packages/sandbox"
import type { BenchContext } from "./context"
import { type FigureRow, single } from "./figure"
import type { ReconcileSummary } from "../harness/admin-api"
import { loanCheckouts } from "../harness/checkouts"
import { byCart, countOrders, orderLinks } from "../harness/orders"
import { rssMiB, Sampler } from "../harness/rss"
import { withFaults } from "../harness/sandbox-loans"
import { distribution, msPerItemByTenth } from "../harness/stats"
import { type CpuSplit, cpuSplitFrom } from "../harness/cpu-time"
import { tableReadsFrom, type TableReads } from "../harness/table-reads"
import { buildFixture, templateCheckout, type Template } from "./reconcile-fixture"
import { retireLeftovers, sameSummary } from "./reconciliation"
import { payAll } from "./webhook-to-order"

/** The outage's service: it answers every request, after this long. */
const LATENCY_MS = 50
/** Reconciliation works through the backlog within this much of the time its two limits allow. */
const MAX_OVER_FLOOR = 1.3
/** Ten times the backlog takes at most this many times as long: no cost grows with the ledger. */
const MAX_SCALING = 10.5
/** A fresh process's memory may settle a little; more than this much growth with N is a leak. */
const RSS_GROWTH_LIMIT = 1.15
/**
 * How long the run may take per loan before the figure gives up: 2.5 orders a second, half the pace
 * a 2-core machine makes them at, so that a slow run is measured rather than cut off.
 */
const MAX_MS_PER_LOAN = 400
/** The calibration's paid loans: enough rounds of `concurrency` for a rate, few enough to be quick. */
const CALIBRATION_MAX = 64

interface BacklogRun {
  n: number
  /** The reconciliation run's own time, start to end as its record says: every loan an order by then. */
  wallMs: number
  floorMs: number
  summary: ReconcileSummary
  expected: ReconcileSummary
  ordersBefore: number
  cartsWithOneOrder: number
  /** Requests the service received during the run, per loan: each waits LATENCY_MS. */
  serviceRequestsPerLoan: number
  idleRss: number
  rssSamples: number[]
  peakRss: number
  /**
   * Heap in use after a forced full GC, before and after the run (MiB): V8 collects lazily, so RSS
   * grows with a run's length even when nothing is kept; this tells garbage from what is retained.
   */
  heapBefore: number
  heapAfter: number
  /**
   * Time per order in each tenth of the run, by when the orders were linked to their carts (ms):
   * a cost that grows with the ledger or Medusa's tables slows the later tenths; a slow machine, all of them.
   */
  msPerOrderByTenth: number[]
  /**
   * CPU per order (ms): Medusa, the bench with its sandbox, and the rest of the machine (PostgreSQL).
   * The same CPU per order at both sizes with more time per order is the machine; more CPU is the work.
   */
  cpuPerOrder: CpuSplit
  /** The tables that handed out the most rows per order during the run, whole or by index: a cost that grows with a table. */
  tableReads: TableReads[]
}

/**
 * A webhook outage's backlog: N paid loans whose webhooks were all dropped, then one
 * reconciliation run while the service answers every request after LATENCY_MS; then 10 N; then
 * N again, each in a freshly started Medusa process. Each is compared with its floor: at most
 * BNPL_RECONCILE_CONCURRENCY status queries wait on the service at once, and the store makes
 * orders no faster than its webhooks do (measured first, on this Medusa, without the latency).
 *
 * T(N) for the scaling is the mean of the runs before and after the long one: a 2-core machine's
 * pace drifts by a tenth or more over the twenty minutes 10 N takes, and a short run on either side
 * alone catches it wherever it happens to be. The second N runs on the ledger the 10 N run grew: a cost
 * that grows with the ledger slows it, and the row comparing the two says so.
 */
export async function benchBacklog(ctx: BenchContext): Promise<FigureRow[]> {
  const n = ctx.config.backlogN
  const ordersPerSecond = await calibrate(ctx)
  const template = await templateCheckout(ctx)
  const before = await backlogRun(ctx, template, n, ordersPerSecond)
  const large = await backlogRun(ctx, template, 10 * n, ordersPerSecond)
  const after = await backlogRun(ctx, template, n, ordersPerSecond)
  const smallMs = (before.wallMs + after.wallMs) / 2
  const scaling = large.wallMs / smallMs
  const growth = large.peakRss / before.peakRss
  const smallCpu = (before.cpuPerOrder.medusaMs + after.cpuPerOrder.medusaMs) / 2
  const [, second] = large.msPerOrderByTenth
  const last = large.msPerOrderByTenth[large.msPerOrderByTenth.length - 1]
  return [
    timeRow(ctx, before, `Backlog ${n}: time to orders`),
    timeRow(ctx, large, `Backlog ${large.n}: time to orders`),
    timeRow(ctx, after, `Backlog ${n} again, after ${large.n}: time to orders`),
    {
      figure: `Backlog: ${large.n} / ${n} loans`,
      unit: "s",
      measured: single(large.wallMs / 1000),
      baseline: { label: `${n} loans, mean of before and after`, ...single(smallMs / 1000) },
      ratio: scaling,
      ratioMeaning: `time to orders at N=${large.n} / the mean of the two runs at N=${n}`,
      target: `≤ ${MAX_SCALING}×`,
      met: scaling <= MAX_SCALING,
    },
    {
      figure: `Backlog ${n}: after ${large.n} / before`,
      unit: "s",
      measured: single(after.wallMs / 1000),
      baseline: { label: "before", ...single(before.wallMs / 1000) },
      ratio: after.wallMs / before.wallMs,
      ratioMeaning: `the same backlog on a ledger grown by ${large.n + n} loans, later: above 1, the ledger or a slower machine (CPU per order tells them apart)`,
      target: "reported",
    },
    {
      figure: "Backlog: Medusa CPU per order",
      unit: "ms",
      measured: single(large.cpuPerOrder.medusaMs),
      baseline: { label: `${n} loans, mean`, ...single(smallCpu) },
      ratio: large.cpuPerOrder.medusaMs / smallCpu,
      ratioMeaning: `Medusa's CPU time per order at N=${large.n} / at N=${n}: the work, whatever the machine's pace`,
      target: "reported",
    },
    {
      figure: "Backlog: Medusa RSS",
      unit: "MiB",
      measured: distribution(large.rssSamples),
      baseline: { label: `${n} loans`, ...distribution(before.rssSamples) },
      ratio: growth,
      ratioMeaning: `peak RSS at N=${large.n} / at N=${n}, the first run`,
      target: `peak ${large.peakRss.toFixed(0)} ≤ ${RSS_GROWTH_LIMIT}× base`,
      met: growth <= RSS_GROWTH_LIMIT,
    },
    {
      figure: `Backlog ${large.n}: time per order, last tenth`,
      unit: "ms",
      measured: single(last),
      baseline: { label: "second tenth", ...single(second) },
      ratio: last / second,
      ratioMeaning: "ms per order in the run's last tenth / in its second (the first warms a fresh process)",
      target: "reported",
    },
    {
      figure: "Backlog: webhook → order, for the floor",
      unit: "orders/s",
      measured: single(ordersPerSecond),
      target: "reported",
    },
  ]
}

function timeRow(ctx: BenchContext, run: BacklogRun, figure: string): FigureRow {
  const ratio = run.wallMs / run.floorMs
  const complete = run.ordersBefore === 0 && run.cartsWithOneOrder === run.n && sameSummary(run.summary, run.expected)
  return {
    figure,
    unit: "s",
    measured: single(run.wallMs / 1000),
    baseline: { label: "floor", ...single(run.floorMs / 1000) },
    ratio,
    ratioMeaning: `time until every paid loan is an order / max(N × ${LATENCY_MS} ms ÷ ${ctx.config.reconcileConcurrency}, N ÷ orders/s)`,
    target: `≤ ${MAX_OVER_FLOOR}× floor, all orders`,
    met: ratio <= MAX_OVER_FLOOR && complete,
    details: report(run),
  }
}

/**
 * The store's pace: paid loans whose webhooks arrive `concurrency` at a time, after one
 * unmeasured round, on the Medusa process reconciliation will run in (as webhook-to-order.ts
 * measures it). The service answers at once here: its latency is the floor's other term.
 */
async function calibrate(ctx: BenchContext): Promise<number> {
  const { concurrency, webhooksN, prepConcurrency } = ctx.config
  const n = Math.min(webhooksN, CALIBRATION_MAX)
  ctx.say(`backlog: measuring webhook → order over ${n} paid loans, after ${concurrency} to warm up…`)
  const loans = await loanCheckouts(ctx.api, await ctx.carts.carts(concurrency + n), prepConcurrency)
  await payAll(ctx, loans.splice(0, concurrency))
  const measured = await payAll(ctx, loans)
  if (measured.orders !== n) throw new Error(`calibration: ${measured.orders} of ${n} paid loans became orders`)
  return measured.perSecond
}

async function backlogRun(ctx: BenchContext, template: Template, n: number, ordersPerSecond: number): Promise<BacklogRun> {
  await retireLeftovers(ctx)
  ctx.say(`backlog: restarting Medusa, then ${n} paid loans whose webhooks are lost…`)
  await ctx.medusa.stop()
  await ctx.medusa.start()
  const fixture = await buildFixture(ctx, template, n, ["paid"])
  const ordersBefore = await countOrders(ctx.stack.db, fixture.cartIds)
  const pid = ctx.medusa.pid
  if (!pid) throw new Error("Medusa is not running")
  const heapBefore = mib((await ctx.medusa.memoryAfterGc()).heapUsed)
  const idleRss = rssMiB(pid) ?? Number.NaN
  const rss = new Sampler(() => rssMiB(pid), 50).start()
  const firstRequest = ctx.stack.probe.requests.length
  const reads = await tableReadsFrom(ctx.stack.db)
  const cpu = cpuSplitFrom(pid)
  const { ms: wallMs, ...summary } = await withFaults(ctx.stack.sandbox, slowService(ctx.baseFaults), ctx.baseFaults, () =>
    ctx.admin.reconcile(Math.max(600_000, n * MAX_MS_PER_LOAN)),
  )
  const cpuUsed = cpu()
  rss.stop()
  const cpuPerOrder = { medusaMs: cpuUsed.medusaMs / n, benchMs: cpuUsed.benchMs / n, restMs: cpuUsed.restMs / n }
  const serviceRequestsPerLoan = (ctx.stack.probe.requests.length - firstRequest) / n
  const tableReads = await reads(n)
  const read = tableReads.slice(0, 6).map((t) => `${t.table} ${t.seqRowsPerItem.toFixed(0)} whole + ${t.indexRowsPerItem.toFixed(0)} by index`)
  ctx.say(
    `backlog of ${n}, per order: CPU ${cpuPerOrder.medusaMs.toFixed(1)} ms Medusa, ${cpuPerOrder.benchMs.toFixed(1)} bench, ${cpuPerOrder.restMs.toFixed(1)} rest; rows read: ${read.join(", ")}`,
  )
  ctx.say(`backlog of ${n}: ${JSON.stringify(summary)} in ${(wallMs / 1000).toFixed(1)} s`)
  const heapAfter = mib((await ctx.medusa.memoryAfterGc()).heapUsed)
  const links = await orderLinks(ctx.stack.db, fixture.cartIds)
  const orders = byCart(links)
  const floorMs = Math.max((n * LATENCY_MS) / ctx.config.reconcileConcurrency, (n / ordersPerSecond) * 1000)
  return {
    n,
    wallMs,
    floorMs,
    summary,
    expected: fixture.expected,
    ordersBefore,
    cartsWithOneOrder: fixture.cartIds.filter((cart) => orders.get(cart)?.length === 1).length,
    serviceRequestsPerLoan,
    idleRss,
    rssSamples: rss.samples,
    peakRss: rss.peak,
    heapBefore,
    heapAfter,
    msPerOrderByTenth: msPerItemByTenth(links.map((link) => link.at)),
    cpuPerOrder,
    tableReads,
  }
}

const mib = (bytes: number): number => bytes / 1024 / 1024

/** Every endpoint of the service answers after LATENCY_MS, whatever else `base` sets. */
function slowService(base: FaultConfig): FaultConfig {
  const slow = { latencyMs: LATENCY_MS }
  return { ...base, auth: slow, loan: slow, posLoan: slow, status: slow, cancel: slow, refund: slow, refundHistory: slow }
}

/** The JSON keeps the distribution, plus RSS once a second: the shape tells a leak from a plateau. */
function report({ rssSamples, ...rest }: BacklogRun): Record<string, unknown> {
  const rssPerSecond = rssSamples.filter((_, i) => i % 20 === 0).map((mib) => Math.round(mib))
  return { ...rest, rss: distribution(rssSamples), rssPerSecond }
}
