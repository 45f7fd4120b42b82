import type { BenchContext } from "./context"
import { single, type FigureRow } from "./figure"
import type { ReconcileSummary } from "../harness/admin-api"
import { ordersByCart } from "../harness/orders"
import { rssMiB, Sampler } from "../harness/rss"
import { withFaults } from "../harness/sandbox-loans"
import { distribution } from "../harness/stats"
import { buildFixture, templateCheckout, type ReconcileFixture, type Template } from "./reconcile-fixture"

/**
 * How long to poll one run: 100 ms a loan, at least ten minutes: room above what a loan takes on a
 * loaded 2-core machine (the results files under bench/results say how much), so that a slow run
 * is measured rather than cut off.
 */
const runTimeoutMs = (n: number): number => Math.max(600_000, n * 100)

/** A fresh process's memory may settle a little; more than this much growth with N is a leak. */
const RSS_GROWTH_LIMIT = 1.15

interface RunResult {
  n: number
  summary: ReconcileSummary
  expected: ReconcileSummary
  wallMs: number
  peakConcurrency: number
  concurrencySamples: number[]
  idleRss: number
  rssSamples: number[]
  peakRss: number
  /** Heap in use after a forced full GC, before and after the run (MiB): what Medusa retains. */
  heapBefore: number
  heapAfter: number
  paidWithOneOrder: number
  paid: number
}

/**
 * Figure 4: one reconciliation pass over a ledger of N open loans, and over N/10 as the baseline,
 * each in a freshly started Medusa process so that their memory is comparable. Reports the
 * wall time, the most requests the sandbox was handling at once (never above
 * BNPL_RECONCILE_CONCURRENCY), and the Medusa process's RSS sampled every 50 ms.
 */
export async function benchReconciliation(ctx: BenchContext): Promise<FigureRow[]> {
  const { reconcileN, reconcileBaseN, reconcileConcurrency: limit } = ctx.config
  const template = await templateCheckout(ctx)
  const base = await measuredRun(ctx, template, reconcileBaseN)
  const full = await measuredRun(ctx, template, reconcileN)
  const growth = full.peakRss / base.peakRss
  const outcomeOk = (run: RunResult): boolean => sameSummary(run.summary, run.expected) && run.paidWithOneOrder === run.paid
  return [
    {
      figure: `Reconciliation ${reconcileN}: wall time`,
      unit: "s",
      measured: single(full.wallMs / 1000),
      baseline: { label: `${reconcileBaseN} sessions`, ...single(base.wallMs / 1000) },
      ratio: full.wallMs / base.wallMs,
      ratioMeaning: `wall time at N=${reconcileN} / at N=${reconcileBaseN}`,
      target: "outcome = expected",
      met: outcomeOk(full) && outcomeOk(base),
      details: { full: report(full), base: report(base) },
    },
    {
      figure: "Reconciliation: sandbox concurrency",
      unit: "requests",
      measured: { ...distribution(full.concurrencySamples), n: full.concurrencySamples.length },
      baseline: { label: `${reconcileBaseN} sessions`, ...distribution(base.concurrencySamples) },
      target: `peak ${full.peakConcurrency} ≤ ${limit}${ctx.config.reconcileLatencyMs ? ` (+${ctx.config.reconcileLatencyMs} ms)` : ""}`,
      met: Math.max(full.peakConcurrency, base.peakConcurrency) <= limit,
    },
    {
      figure: "Reconciliation: Medusa RSS",
      unit: "MiB",
      measured: distribution(full.rssSamples),
      baseline: { label: `${reconcileBaseN} sessions`, ...distribution(base.rssSamples) },
      ratio: growth,
      ratioMeaning: `peak RSS at N=${reconcileN} / at N=${reconcileBaseN}`,
      target: `peak ${full.peakRss.toFixed(0)} ≤ ${RSS_GROWTH_LIMIT}× base`,
      met: growth <= RSS_GROWTH_LIMIT,
    },
    retainedRow(full, base),
  ]
}

/**
 * V8 collects lazily: with gigabytes to spare, garbage piles up until a full GC, so peak RSS
 * grows with a run's length even when nothing is kept. The heap after a forced full GC at
 * the end of the run is what the run left behind; if that grows with N, something leaks.
 */
function retainedRow(full: RunResult, base: RunResult): FigureRow {
  const ratio = full.heapAfter / base.heapAfter
  return {
    figure: "Reconciliation: heap after forced GC",
    unit: "MiB",
    measured: single(full.heapAfter),
    baseline: { label: `${base.n} sessions`, ...single(base.heapAfter) },
    ratio,
    ratioMeaning: `heap retained after the run at N=${full.n} / at N=${base.n}`,
    target: `≤ ${RSS_GROWTH_LIMIT}× base (before: ${full.heapBefore.toFixed(0)} / ${base.heapBefore.toFixed(0)})`,
    met: ratio <= RSS_GROWTH_LIMIT,
  }
}

const mib = (bytes: number): number => bytes / 1024 / 1024

async function measuredRun(ctx: BenchContext, template: Template, n: number): Promise<RunResult> {
  await retireLeftovers(ctx)
  ctx.say(`reconciliation: restarting Medusa, then ${n} pending sessions…`)
  await ctx.medusa.stop()
  await ctx.medusa.start()
  const fixture = await buildFixture(ctx, template, n)
  const pid = ctx.medusa.pid
  if (!pid) throw new Error("Medusa is not running")
  const heapBefore = mib((await ctx.medusa.memoryAfterGc()).heapUsed)
  const idleRss = rssMiB(pid) ?? Number.NaN
  ctx.stack.probe.resetPeak()
  const rss = new Sampler(() => rssMiB(pid), 50).start()
  const inFlight = new Sampler(() => ctx.stack.probe.concurrency.now, 10).start()
  const latency = { latencyMs: ctx.config.reconcileLatencyMs }
  const slower = { ...ctx.baseFaults, status: latency, cancel: latency }
  // The run's own time (its record's start to its end): the request only starts it, and the
  // polling that waits for it adds up to one poll interval that is not the run's.
  const { ms: wallMs, ...summary } = await withFaults(ctx.stack.sandbox, slower, ctx.baseFaults, () => ctx.admin.reconcile(runTimeoutMs(n)))
  rss.stop()
  const concurrencySamples = inFlight.stop()
  ctx.say(`reconciliation of ${n}: ${JSON.stringify(summary)} in ${(wallMs / 1000).toFixed(1)} s`)
  const heapAfter = mib((await ctx.medusa.memoryAfterGc()).heapUsed)
  const peakConcurrency = ctx.stack.probe.concurrency.peak
  const orders = await paidOrders(ctx, fixture)
  return {
    n,
    summary,
    expected: fixture.expected,
    wallMs,
    peakConcurrency,
    concurrencySamples,
    idleRss,
    rssSamples: rss.samples,
    peakRss: rss.peak,
    heapBefore,
    heapAfter,
    ...orders,
  }
}

/** Sessions earlier figures (or runs) left pending would join this run's N: retire them. */
export async function retireLeftovers(ctx: BenchContext): Promise<void> {
  await ctx.stack.db.query("UPDATE payment_session SET status = 'canceled' WHERE provider_id = 'pp_bnpl_bnpl' AND status = 'pending'")
  await ctx.stack.db.query("UPDATE bnpl_loan SET state = 'cancelled' WHERE state IN ('open', 'needs_attention')")
  // Orders placed by earlier figures have their first refund check due; it is not this figure's work.
  await ctx.stack.db.query("UPDATE bnpl_loan SET checked_at = now() WHERE state = 'ordered'")
}

async function paidOrders(ctx: BenchContext, fixture: ReconcileFixture): Promise<{ paid: number; paidWithOneOrder: number }> {
  const paidCarts = fixture.cartIds.filter((_, i) => fixture.fates[i] === "paid")
  const orders = await ordersByCart(ctx.stack.db, paidCarts)
  return { paid: paidCarts.length, paidWithOneOrder: paidCarts.filter((cart) => orders.get(cart)?.length === 1).length }
}

export function sameSummary(a: ReconcileSummary, b: ReconcileSummary): boolean {
  return (Object.keys(b) as Array<keyof ReconcileSummary>).every((key) => a[key] === b[key])
}

/** The JSON keeps distributions, plus RSS once a second: the shape tells a leak from a plateau. */
function report({ rssSamples, concurrencySamples, ...rest }: RunResult): Record<string, unknown> {
  const rssPerSecond = rssSamples.filter((_, i) => i % 20 === 0).map((mib) => Math.round(mib))
  return { ...rest, rss: distribution(rssSamples), rssPerSecond, concurrency: distribution(concurrencySamples) }
}
