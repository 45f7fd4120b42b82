import type { FaultConfig } from "../../packages/sandbox"
import { cpuSplitFrom, type CpuSplit } from "../harness/cpu-time"
import type { CpuProfile } from "../harness/inspector"
import type { BenchContext } from "./context"
import { mergeProfiles, writeProfiles } from "./cpu-profile"
import type { FigureRow } from "./figure"
import { mapLimited } from "../harness/pool"
import { withFaults } from "../harness/sandbox-loans"
import { distribution, type Distribution } from "../harness/stats"
import { BNPL, SYSTEM, type ProviderId, type ReadyCart } from "../harness/store-api"

/** Medusa's p99 and median with the plugin may exceed the baseline's by this much. */
const MAX_RATIO = 1.15

/** Sessions per block are this many rounds of every shopper: long enough to reach a steady state, short enough to interleave often. */
const ROUNDS_PER_BLOCK = 2

/**
 * Unmeasured rounds of every shopper per provider before the measured blocks. The first sessions
 * after boot run code not yet optimized, and the plugin's path has more of it: with one round, the
 * first measured block of the plugin's held the run's slowest sessions (up to 1.2× its p99).
 */
const WARM_UP_ROUNDS = 4

interface Block {
  provider: ProviderId
  carts: ReadyCart[]
  measured: boolean
}

interface Sample {
  provider: ProviderId
  ms: number
  status: number
}

/**
 * Figure `load`: POST /store/payment-collections/:id/payment-sessions with `concurrency` shoppers
 * at once, the sandbox answering loan creation after `loanLatencyMs`. Each provider runs in
 * blocks of a few rounds of every shopper, each shopper starting its next session when its last
 * one is answered; blocks alternate providers in the order ABBA, so that a load that drifts over
 * the run weighs on both alike. The system provider never calls the service, so its baseline is
 * its own samples with the loan's latency added to each: what a provider that cost Medusa nothing
 * more than the system one, waiting once on the service, would show under the same load.
 */
export async function benchCheckoutUnderLoad(ctx: BenchContext): Promise<FigureRow[]> {
  const { loadN: n, loadConcurrency: shoppers, loanLatencyMs } = ctx.config
  const warmUp = WARM_UP_ROUNDS * shoppers
  ctx.say(`checkout under load: preparing ${2 * (n + warmUp)} identical carts…`)
  const carts = await ctx.carts.carts(2 * (n + warmUp))
  const blocks = schedule(carts, n, shoppers)
  const slowLoans: FaultConfig = { ...ctx.baseFaults, loan: { ...ctx.baseFaults.loan, latencyMs: loanLatencyMs } }
  ctx.stack.probe.resetPeak()
  const cpu: Record<ProviderId, CpuSplit> = { [BNPL]: noCpu(), [SYSTEM]: noCpu() }
  const profiles: Record<ProviderId, CpuProfile[]> = { [BNPL]: [], [SYSTEM]: [] }
  const profileFile = process.env.BENCH_CPU_PROFILE
  const samples = await withFaults(ctx.stack.sandbox, slowLoans, ctx.baseFaults, async () => {
    const all: Sample[] = []
    for (const block of blocks) {
      if (!block.measured) {
        await runBlock(ctx, block, shoppers)
        continue
      }
      const used = cpuSplitFrom(ctx.medusa.pid)
      const run = () => runBlock(ctx, block, shoppers)
      const done = profileFile ? await profiled(ctx, run, profiles[block.provider]) : await run()
      addCpu(cpu[block.provider], used())
      all.push(...done)
    }
    return all
  })
  if (profileFile)
    writeProfiles(
      profileFile,
      ([BNPL, SYSTEM] as ProviderId[]).map((provider) => [provider.replace(/^pp_/, ""), mergeProfiles(profiles[provider])]),
    )
  return rows(samples, { shoppers, loanLatencyMs, sandboxPeak: ctx.stack.probe.concurrency.peak }, cpu)
}

const noCpu = (): CpuSplit => ({ medusaMs: 0, benchMs: 0, restMs: 0 })

function addCpu(sum: CpuSplit, used: CpuSplit): void {
  sum.medusaMs += used.medusaMs
  sum.benchMs += used.benchMs
  sum.restMs += used.restMs
}

/** With `BENCH_CPU_PROFILE=<file.md>`, each measured block runs under Medusa's CPU profiler (cpu-profile.ts). */
async function profiled<T>(ctx: BenchContext, work: () => Promise<T>, into: CpuProfile[]): Promise<T> {
  const { result, profile } = await ctx.medusa.cpuProfile(work)
  into.push(profile)
  return result
}

/**
 * Unmeasured blocks of `WARM_UP_ROUNDS` rounds of each provider (the first calls of a path pay
 * for lazy loading and unoptimized code), then measured blocks; both in the order bnpl, system,
 * system, bnpl, bnpl, …
 */
function schedule(carts: ReadyCart[], n: number, shoppers: number): Block[] {
  const take = (count: number): ReadyCart[] => carts.splice(0, count)
  const size = shoppers * ROUNDS_PER_BLOCK
  const blocks = (perProvider: number, measured: boolean): Block[] => {
    const list: Block[] = []
    const left: Record<ProviderId, number> = { [BNPL]: perProvider, [SYSTEM]: perProvider }
    for (let i = 0; left[BNPL] + left[SYSTEM] > 0; i++) {
      const pair: ProviderId[] = i % 2 ? [SYSTEM, BNPL] : [BNPL, SYSTEM]
      for (const provider of pair) {
        const count = Math.min(size, left[provider])
        left[provider] -= count
        if (count) list.push({ provider, carts: take(count), measured })
      }
    }
    return list
  }
  return [...blocks(WARM_UP_ROUNDS * shoppers, false), ...blocks(n, true)]
}

async function runBlock(ctx: BenchContext, block: Block, shoppers: number): Promise<Sample[]> {
  const replies = await mapLimited(block.carts, shoppers, (cart) => ctx.api.startSession(cart.collectionId, block.provider))
  return replies.map((reply) => ({ provider: block.provider, ms: reply?.ms ?? Number.NaN, status: reply?.status ?? 0 }))
}

function rows(
  samples: Sample[],
  run: { shoppers: number; loanLatencyMs: number; sandboxPeak: number },
  cpu: Record<ProviderId, CpuSplit>,
): FigureRow[] {
  const of = (provider: ProviderId): Sample[] => samples.filter((s) => s.provider === provider)
  const failed = (list: Sample[]): number => list.filter((s) => s.status !== 200).length
  const answered = (list: Sample[]): number[] => list.filter((s) => s.status === 200).map((s) => s.ms)
  const bnpl = distribution(answered(of(BNPL)))
  const system = distribution(answered(of(SYSTEM)))
  const baseline = distribution(answered(of(SYSTEM)).map((ms) => ms + run.loanLatencyMs))
  const failures = { [BNPL]: failed(of(BNPL)), [SYSTEM]: failed(of(SYSTEM)) }
  // CPU per session of each side's measured blocks: the Medusa process, this process (the bench and the sandbox), the rest (PostgreSQL, mostly).
  const perSession = (provider: ProviderId) => {
    const count = of(provider).length
    const { medusaMs, benchMs, restMs } = cpu[provider]
    return { medusaMs: medusaMs / count, benchMs: benchMs / count, restMs: restMs / count }
  }
  const details = {
    ...run,
    failures,
    cpuPerSessionMs: { [BNPL]: perSession(BNPL), [SYSTEM]: perSession(SYSTEM) },
    baselineMethod: `each ${SYSTEM} sample + ${run.loanLatencyMs} ms (the sandbox's loan-creation latency); same shoppers, interleaved blocks`,
  }
  const judged = (figure: string, pick: (d: Distribution) => number, meaning: string): FigureRow => {
    const ratio = pick(bnpl) / pick(baseline)
    return {
      figure,
      unit: "ms",
      measured: bnpl,
      baseline: { label: `system + ${run.loanLatencyMs} ms`, ...baseline },
      ratio,
      ratioMeaning: meaning,
      target: `≤ ${MAX_RATIO}×`,
      met: ratio <= MAX_RATIO && failures[BNPL] === 0,
      details,
    }
  }
  return [
    judged(`Checkout under load (${run.shoppers} shoppers): p99`, (d) => d.p99, "bnpl p99 / p99 of system-provider samples + loan latency"),
    judged(
      `Checkout under load (${run.shoppers} shoppers): median`,
      (d) => d.median,
      "bnpl median / median of system-provider samples + loan latency",
    ),
    {
      figure: "Checkout under load: system provider alone",
      unit: "ms",
      measured: system,
      target: "reported",
      details: { failures: failures[SYSTEM] },
    },
  ]
}
