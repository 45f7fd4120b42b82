import { performance } from "node:perf_hooks"
import type { BenchContext } from "./context"
import { type FigureRow, single } from "./figure"
import { checkouts, loanCheckouts, type Checkout, type LoanCheckout } from "../harness/checkouts"
import { countOrders, lastLinkAt } from "../harness/orders"
import { mapLimited, waitUntil } from "../harness/pool"
import { countBy, distribution, type Distribution } from "../harness/stats"
import { orderOf, SYSTEM } from "../harness/store-api"
import type { CpuProfile } from "../harness/inspector"
import { writeProfiles } from "./cpu-profile"
import { type CpuSplit, cpuSplitFrom } from "../harness/cpu-time"

/**
 * How long orders may trail the last payment: late webhooks are retried by the sandbox (0.5, 1,
 * 2 s), and a webhook beyond the plugin's `webhookConcurrency` is answered before its order is
 * made, so a flood's last orders come well after its last answer.
 */
const settleMs = (loans: number) => 30_000 + 500 * loans

export interface Throughput {
  /** Per webhook (first delivery) or per completion, in ms. */
  latencies: number[]
  orders: number
  /**
   * From the store's first request to its last order: the first completion request to the last
   * answer that leaves an order; on the webhook side, the first webhook the sandbox sends to the
   * last order's link to its cart (Medusa's `order_cart` row), since an answer may come before its order.
   */
  wallMs: number
  perSecond: number
  /**
   * The webhook side's time from the customers' first payment instead: it adds the sandbox's
   * `visibleAfterMs` before the first webhook (the service's, not the store's) and the poll that
   * finds the last order.
   */
  fromPaymentsMs?: number
  /** Each half's time and CPU, in the order run. */
  halves: Array<{ wallMs: number; cpu: CpuSplit }>
  statuses: Record<string, number>
  /** Where the machine's CPU went over the run (clock ticks of 10 ms). */
  cpu: CpuSplit
}

/**
 * Figure 2: paid loans whose webhooks arrive `concurrency` at a time, against completing
 * identical carts with pp_system_default at the same concurrency. After one unmeasured round of
 * each (warmUpBoth), each side runs in two halves, in the order system, bnpl, bnpl, system, so
 * that a load that rises or falls steadily over the run weighs on both sides alike. Throughput
 * counts orders in the database, not 200s, over the time the store had work: on the webhook side
 * from the first webhook, as the service sends no webhook until its status query shows the
 * payment (the sandbox's `visibleAfterMs`).
 */
export async function benchWebhookToOrder(ctx: BenchContext): Promise<{ rows: FigureRow[]; baseline: Throughput; bnpl: Throughput }> {
  const n = ctx.config.webhooksN
  const warmUp = ctx.config.concurrency
  ctx.say(`webhook → order: preparing ${n} bnpl and ${n} system checkouts, and ${warmUp} of each to warm up…`)
  const loans = await loanCheckouts(ctx.api, await ctx.carts.carts(n + warmUp), ctx.config.prepConcurrency)
  const system = await checkouts(ctx.api, await ctx.carts.carts(n + warmUp), SYSTEM, ctx.config.prepConcurrency)
  await warmUpBoth(ctx, system.splice(0, warmUp), loans.splice(0, warmUp))
  const half = Math.ceil(n / 2)
  const profiled = profiler(ctx)
  const sys1 = await profiled("system", () => completeAll(ctx, system.slice(0, half)))
  const bnpl1 = await profiled("webhooks", () => payAll(ctx, loans.slice(0, half)))
  const bnpl2 = await payAll(ctx, loans.slice(half))
  const sys2 = await completeAll(ctx, system.slice(half))
  profiled.write()
  const bnpl = merge(bnpl1, bnpl2)
  const baseline = merge(sys1, sys2)
  const ratio = bnpl.perSecond / baseline.perSecond
  const row: FigureRow = {
    figure: "Webhook → order",
    unit: "ms/webhook",
    measured: distribution(bnpl.latencies),
    baseline: { label: "system complete", ...distribution(baseline.latencies) },
    ratio,
    ratioMeaning: "orders/s via webhooks / orders/s via system-provider completion",
    // For continuity with earlier rounds: the sale-day throughput goals are the production topology's (topology.ts).
    target: "reported; every paid loan an order",
    met: bnpl.orders === n,
    details: { bnpl: summary(bnpl), baseline: summary(baseline), concurrency: ctx.config.concurrency },
  }
  const fromPayments: FigureRow = {
    figure: "Webhook → order: from the payments",
    unit: "orders/s",
    measured: single(bnpl.orders / (bnpl.fromPaymentsMs! / 1000)),
    baseline: { label: "system complete", ...single(baseline.perSecond) },
    ratio: bnpl.orders / (bnpl.fromPaymentsMs! / 1000) / baseline.perSecond,
    ratioMeaning: "orders/s from the customers' first payment to the poll that finds the last order / orders/s via system-provider completion",
    target: "reported",
  }
  return { rows: [row, fromPayments, ...cpuRows(bnpl, baseline)], baseline, bnpl }
}

/**
 * One round of each side, not measured. Medusa's completion is most of both sides' work, and its
 * first runs in a process pay for lazy loading and compiling: unwarmed, the side that runs first
 * (Medusa's own) paid for both. The preparation's writes settle in the database meanwhile.
 */
async function warmUpBoth(ctx: BenchContext, system: Checkout[], loans: LoanCheckout[]): Promise<void> {
  const completed = await completeAll(ctx, system)
  const paid = await payAll(ctx, loans)
  if (completed.orders !== system.length || paid.orders !== loans.length) {
    throw new Error(`warm-up: ${completed.orders} of ${system.length} completions and ${paid.orders} of ${loans.length} paid loans became orders`)
  }
}

/**
 * Where each side's CPU went, per order: the Medusa process (the plugin's work and Medusa's), this
 * process (the clients, and on the webhook side the sandbox, which in production is the service's
 * machine), and the rest of the machine (PostgreSQL). Equal CPU per order need not mean equal
 * throughput: a side whose requests wait longer on others leaves the Medusa process idle more.
 */
function cpuRows(bnpl: Throughput, baseline: Throughput): FigureRow[] {
  const row = (figure: string, pick: (split: CpuSplit) => number): FigureRow => {
    const ours = pick(cpuPerOrder(bnpl))
    const theirs = pick(cpuPerOrder(baseline))
    return {
      figure,
      unit: "CPU ms/order",
      measured: single(ours),
      baseline: { label: "system complete", ...single(theirs) },
      ratio: ours / theirs,
      ratioMeaning: "CPU per order via webhooks / via system-provider completion",
      target: "reported",
    }
  }
  return [
    row("Webhook → order: Medusa process", (split) => split.medusaMs),
    row("Webhook → order: PostgreSQL and the rest", (split) => split.restMs),
    row("Webhook → order: clients and sandbox", (split) => split.benchMs),
  ]
}

/**
 * With `BENCH_CPU_PROFILE=<file.md>`, the first half of each side runs under Medusa's CPU profiler
 * (cpu-profile.ts); otherwise `work` runs as it is.
 */
function profiler(ctx: BenchContext) {
  const file = process.env.BENCH_CPU_PROFILE
  const profiles: Array<[string, CpuProfile]> = []
  const profiled = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
    if (!file) return work()
    const { result, profile } = await ctx.medusa.cpuProfile(work)
    profiles.push([label, profile])
    return result
  }
  return Object.assign(profiled, { write: () => file && writeProfiles(file, profiles) })
}

/** The customers pay; the sandbox sends each webhook; pay() resolves after its first delivery. */
export async function payAll(ctx: BenchContext, loans: LoanCheckout[]): Promise<Throughput> {
  const { sandbox, probe } = ctx.stack
  const firstDelivery = probe.deliveries.length
  const cpu = cpuSplitFrom(ctx.medusa.pid)
  const started = performance.now()
  await mapLimited(loans, ctx.config.concurrency, (loan) => sandbox.pay(loan.loanId))
  const carts = loans.map((loan) => loan.cartId)
  await waitUntil(async () => (await countOrders(ctx.stack.db, carts)) >= carts.length, settleMs(carts.length), 100)
  const fromPaymentsMs = performance.now() - started
  const deliveries = probe.deliveries.slice(firstDelivery)
  const used = cpu()
  const orders = await countOrders(ctx.stack.db, carts)
  const lastOrderAt = await lastLinkAt(ctx.stack.db, carts)
  // No order, or no delivery: the clock from the first payment is all there is.
  const wallMs = lastOrderAt && deliveries.length ? lastOrderAt - Math.min(...deliveries.map((d) => Date.parse(d.at))) : fromPaymentsMs
  return {
    latencies: deliveries.filter((d) => d.attempt === 1 && !d.duplicate).map((d) => d.durationMs),
    orders,
    wallMs,
    perSecond: orders / (wallMs / 1000),
    fromPaymentsMs,
    halves: [{ wallMs, cpu: used }],
    statuses: countBy(deliveries, (d) => d.status ?? "no reply"),
    cpu: used,
  }
}

export async function completeAll(ctx: BenchContext, carts: Checkout[]): Promise<Throughput> {
  const cpu = cpuSplitFrom(ctx.medusa.pid)
  const started = performance.now()
  const replies = await mapLimited(carts, ctx.config.concurrency, (cart) => ctx.api.complete(cart.cartId))
  const wallMs = performance.now() - started
  const used = cpu()
  const done = replies.filter((reply) => reply && orderOf(reply))
  return {
    latencies: replies.flatMap((reply) => (reply ? [reply.ms] : [])),
    orders: done.length,
    wallMs,
    perSecond: done.length / (wallMs / 1000),
    halves: [{ wallMs, cpu: used }],
    statuses: countBy(replies, (reply) => reply?.status || "no reply"),
    cpu: used,
  }
}

/** Two halves as one run: latencies pooled, throughput over the summed wall time. */
export function merge(a: Throughput, b: Throughput): Throughput {
  const orders = a.orders + b.orders
  const wallMs = a.wallMs + b.wallMs
  const statuses = { ...a.statuses }
  for (const [status, count] of Object.entries(b.statuses)) statuses[status] = (statuses[status] ?? 0) + count
  const fromPaymentsMs = a.fromPaymentsMs !== undefined && b.fromPaymentsMs !== undefined ? a.fromPaymentsMs + b.fromPaymentsMs : undefined
  return {
    latencies: [...a.latencies, ...b.latencies],
    orders,
    wallMs,
    perSecond: orders / (wallMs / 1000),
    ...(fromPaymentsMs !== undefined ? { fromPaymentsMs } : {}),
    halves: [...a.halves, ...b.halves],
    statuses,
    cpu: { medusaMs: a.cpu.medusaMs + b.cpu.medusaMs, benchMs: a.cpu.benchMs + b.cpu.benchMs, restMs: a.cpu.restMs + b.cpu.restMs },
  }
}

/** What the JSON report keeps of a run: the distribution, not every sample. */
export function summary({ latencies, ...rest }: Throughput): Omit<Throughput, "latencies"> & { latency: Distribution; cpuMsPerOrder: CpuSplit } {
  return { ...rest, latency: distribution(latencies), cpuMsPerOrder: cpuPerOrder(rest) }
}

/** A side's CPU split per order it made, in ms to one decimal. */
function cpuPerOrder({ cpu, orders }: Pick<Throughput, "cpu" | "orders">): CpuSplit {
  const perOrder = (ms: number) => Math.round((ms / orders) * 10) / 10
  return { medusaMs: perOrder(cpu.medusaMs), benchMs: perOrder(cpu.benchMs), restMs: perOrder(cpu.restMs) }
}
