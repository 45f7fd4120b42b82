import type { BenchContext } from "./context"
import { completeSystemCarts } from "./system-completions"
import { type FigureRow, single } from "./figure"
import { checkouts, loanCheckouts, type Checkout, type LoanCheckout } from "../harness/checkouts"
import { orderLinks } from "../harness/orders"
import { type ProductionTopology, startProductionTopology, stopMedusaProcesses } from "../harness/production-topology"
import type { RedisServer } from "../harness/redis"
import { cpuByProcessFrom } from "../harness/cpu-time"
import { distribution } from "../harness/stats"
import { StoreApi, SYSTEM } from "../harness/store-api"
import { merge, payAll, summary, type Throughput } from "./webhook-to-order"

/** Issue 57's goal: paid loans become orders at least as fast as Medusa completes and captures its own carts. */
const MIN_RATIO = 1.0
/** Issue 57's goal without `autoCapture`, where both sides do the same work: authorize only. */
const MIN_RATIO_AUTHORIZE_ONLY = 1.05
/** The service waits for the webhook's answer; a slow answer looks like a merchant that is down. */
const MAX_WEBHOOK_ANSWER_MS = 1_000

interface ModeResult {
  bnpl: Throughput
  system: Throughput
  /** Per paid loan: from the customer's payment at the service to the order's link to its cart. */
  paymentToOrderMs: number[]
  /**
   * CPU per order of the server and of the worker, each side's two halves: the server makes the
   * orders on both sides (the webhook's confirmation, Medusa's completion route), the worker runs
   * the subscribers, so the server's CPU per order is what bounds either side's throughput.
   */
  cpuPerOrderMs: { bnpl: ProcessCpu; system: ProcessCpu }
  /** The whole machine's CPU per order, each side, by process (cpuByProcessFrom): where the rest goes. */
  machinePerOrderMs: { bnpl: Record<string, number>; system: Record<string, number> }
  bootMs: Record<string, number>
}

interface ProcessCpu {
  server: number
  worker: number
}

/**
 * Paid loans' webhooks at the service's pace against Medusa's own completions, on Medusa's
 * production topology (harness/production-topology.ts): one server that takes every request, one
 * worker, Redis. Twice: with the plugin's `autoCapture` on (as shipped) against completions whose
 * payments the admin then captures, and with it off against completions alone. Each mode boots
 * its own processes on the same Redis, and stops them when it is done.
 */
export async function benchTopology(ctx: BenchContext): Promise<FigureRow[]> {
  const captured = await inTopology(ctx, "topology", undefined, true)
  const authorizeOnly = await inTopology(ctx, "topology-authorize", captured.redis, false)
  return rows(ctx, captured.result, authorizeOnly.result)
}

async function inTopology(
  ctx: BenchContext,
  name: string,
  redis: RedisServer | undefined,
  autoCapture: boolean,
): Promise<{ result: ModeResult; redis: RedisServer }> {
  ctx.say(`topology: booting a server and a worker on Redis, autoCapture ${autoCapture ? "on" : "off"}…`)
  const concurrency = ctx.config.topologyWebhookConcurrency
  const env = { BNPL_AUTO_CAPTURE: String(autoCapture), ...(concurrency ? { BNPL_WEBHOOK_CONCURRENCY: String(concurrency) } : {}) }
  const topology = await startProductionTopology(ctx.stack, { name, servers: 1, env, ...(redis ? { redis } : {}) })
  try {
    return { result: { ...(await measureMode(ctx, topology, autoCapture)), bootMs: topology.bootMs }, redis: topology.redis }
  } finally {
    await stopMedusaProcesses(topology)
  }
}

/**
 * As webhook-to-order.ts measures, against the topology's server: unmeasured orders of each side
 * (four rounds by default: after one, a side's first half still ran slower than its second in
 * most runs), then halves in the order system, webhooks, webhooks, system.
 */
async function measureMode(ctx: BenchContext, topology: ProductionTopology, capture: boolean): Promise<Omit<ModeResult, "bootMs">> {
  const [server] = topology.servers
  const here: BenchContext = { ...ctx, medusa: server, api: new StoreApi(server.url, ctx.stack.store), admin: ctx.admin.on(server.url) }
  const { topologyN: n, topologyWarmUp: warmUp, prepConcurrency } = ctx.config
  ctx.say(`topology: preparing ${n} bnpl and ${n} system checkouts through the server, and ${warmUp} of each to warm up…`)
  const loans = await loanCheckouts(here.api, await ctx.carts.carts(n + warmUp), prepConcurrency)
  const system = await checkouts(here.api, await ctx.carts.carts(n + warmUp), SYSTEM, prepConcurrency)
  const complete = (carts: Checkout[]): Promise<Throughput> => completeSystemCarts(here, carts, { capture })
  await warmUpBoth(
    () => complete(system.splice(0, warmUp)),
    () => payAll(here, loans.splice(0, warmUp)),
    warmUp,
  )
  const half = Math.ceil(n / 2)
  const used = { bnpl: { server: 0, worker: 0 }, system: { server: 0, worker: 0 } }
  const machine: ModeResult["machinePerOrderMs"] = { bnpl: {}, system: {} }
  const counted = async (side: keyof typeof used, work: () => Promise<Throughput>): Promise<Throughput> => {
    const byProcess = cpuByProcessFrom({ server: server.pid, worker: topology.worker.pid, bench: process.pid })
    const result = await work()
    const spent = byProcess()
    // A server or worker unknown or gone is missing from the split: NaN, so that the sum shows it.
    used[side].server += spent.server ?? Number.NaN
    used[side].worker += spent.worker ?? Number.NaN
    for (const [name, ms] of Object.entries(spent)) machine[side][name] = (machine[side][name] ?? 0) + ms / n
    return result
  }
  const system1 = await counted("system", () => complete(system.slice(0, half)))
  const bnpl1 = await counted("bnpl", () => payAll(here, loans.slice(0, half)))
  const bnpl2 = await counted("bnpl", () => payAll(here, loans.slice(half)))
  const system2 = await counted("system", () => complete(system.slice(half)))
  const perOrder = (cpu: ProcessCpu): ProcessCpu => ({ server: cpu.server / n, worker: cpu.worker / n })
  return {
    bnpl: merge(bnpl1, bnpl2),
    system: merge(system1, system2),
    paymentToOrderMs: await paymentToOrder(ctx, loans),
    cpuPerOrderMs: { bnpl: perOrder(used.bnpl), system: perOrder(used.system) },
    machinePerOrderMs: { bnpl: busiest(machine.bnpl), system: busiest(machine.system) },
  }
}

/** Those that used at least 0.5 ms per order, most first, rounded to 0.1 ms. */
function busiest(perOrder: Record<string, number>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(perOrder)
      .filter(([, ms]) => ms >= 0.5)
      .sort((a, b) => b[1] - a[1])
      .map(([name, ms]) => [name, Math.round(ms * 10) / 10]),
  )
}

/** Freshly booted processes pay for lazy loading and compiling on their first orders: not measured. */
async function warmUpBoth(complete: () => Promise<Throughput>, pay: () => Promise<Throughput>, n: number): Promise<void> {
  const completed = await complete()
  const paid = await pay()
  if (completed.orders !== n || paid.orders !== n) {
    const statuses = JSON.stringify({ system: completed.statuses, webhooks: paid.statuses })
    throw new Error(`warm-up: ${completed.orders} of ${n} completions and ${paid.orders} of ${n} paid loans became orders: ${statuses}`)
  }
}

/**
 * The sandbox stamps a loan's `authorizeDate` when the customer pays; PostgreSQL stamps the
 * order's link to its cart: both on this machine's clock. It includes the service's own wait
 * before its webhook (`visibleAfterMs`).
 */
async function paymentToOrder(ctx: BenchContext, loans: LoanCheckout[]): Promise<number[]> {
  const links = await orderLinks(
    ctx.stack.db,
    loans.map((loan) => loan.cartId),
  )
  // orderLinks answers earliest first: each cart's first link wins.
  const linked = new Map(links.reverse().map((link) => [link.cartId, link.at]))
  return loans.flatMap((loan) => {
    const paidAt = ctx.stack.sandbox.state.loans.get(loan.loanId)?.authorizeDate
    const orderAt = linked.get(loan.cartId)
    return paidAt && orderAt ? [orderAt - Date.parse(paidAt)] : []
  })
}

function rows(ctx: BenchContext, captured: ModeResult, authorizeOnly: ModeResult): FigureRow[] {
  const n = ctx.config.topologyN
  const answers = distribution(captured.bnpl.latencies)
  const details = (mode: ModeResult) => ({
    bnpl: summary(mode.bnpl),
    baseline: summary(mode.system),
    paymentToOrder: distribution(mode.paymentToOrderMs),
    cpuPerOrderMs: mode.cpuPerOrderMs,
    machinePerOrderMs: mode.machinePerOrderMs,
    bootMs: mode.bootMs,
  })
  return [
    throughputRow("Topology: paid loans → orders", "system complete + capture", captured, MIN_RATIO, n, details(captured)),
    {
      figure: "Topology: webhook answer",
      unit: "ms/webhook",
      measured: answers,
      baseline: { label: "system complete + capture", ...distribution(captured.system.latencies) },
      target: `p99 < ${MAX_WEBHOOK_ANSWER_MS} ms`,
      met: answers.p99 < MAX_WEBHOOK_ANSWER_MS,
    },
    {
      figure: "Topology: payment → order",
      unit: "ms",
      measured: distribution(captured.paymentToOrderMs),
      baseline: { label: "system complete + capture", ...distribution(captured.system.latencies) },
      target: "reported",
    },
    throughputRow(
      "Topology, authorize only: paid loans → orders",
      "system complete",
      authorizeOnly,
      MIN_RATIO_AUTHORIZE_ONLY,
      n,
      details(authorizeOnly),
    ),
    cpuRow("Topology: server CPU per order", "server", captured, "system complete + capture"),
    cpuRow("Topology, authorize only: server CPU per order", "server", authorizeOnly, "system complete"),
    cpuRow("Topology, authorize only: worker CPU per order", "worker", authorizeOnly, "system complete"),
  ]
}

function cpuRow(figure: string, process: keyof ProcessCpu, mode: ModeResult, label: string): FigureRow {
  const { bnpl, system } = mode.cpuPerOrderMs
  return {
    figure,
    unit: "ms",
    measured: single(bnpl[process]),
    baseline: { label, ...single(system[process]) },
    ratio: bnpl[process] / system[process],
    ratioMeaning: `the ${process}'s CPU per order, plugin / system provider`,
    target: "reported",
  }
}

function throughputRow(figure: string, label: string, mode: ModeResult, minRatio: number, n: number, details: Record<string, unknown>): FigureRow {
  const ratio = mode.bnpl.perSecond / mode.system.perSecond
  return {
    figure,
    unit: "orders/s",
    measured: single(mode.bnpl.perSecond),
    baseline: { label, ...single(mode.system.perSecond) },
    ratio,
    ratioMeaning: `orders/s via webhooks / orders/s via ${label}`,
    target: `≥ ${minRatio.toFixed(2)}×`,
    met: ratio >= minRatio && mode.bnpl.orders === n && mode.system.orders === n,
    details,
  }
}
