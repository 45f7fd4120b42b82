import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { cpus, loadavg, tmpdir } from "node:os"
import { join } from "node:path"
import { benchConfig, type BenchConfig, type Figure } from "./config"
import type { BenchContext } from "./context"
import { benchCheckoutUnderLoad } from "./checkout-under-load"
import { benchBacklog } from "./backlog"
import { benchDuplicateStorm } from "./duplicate-storm"
import { figureTable, type FigureRow } from "./figure"
import { AdminApi } from "../harness/admin-api"
import { CartFactory } from "../harness/cart-factory"
import { PROJECT_ROOT } from "../harness/medusa"
import { RESULTS_DIR, runRecord, writeResults } from "../harness/results"
import { Stack } from "../harness/stack"
import { StoreApi } from "../harness/store-api"
import { runGuarded } from "../harness/teardown"
import { benchOffer } from "./offer"
import { sessionsOtelCost, webhooksOtelCost } from "./otel-cost"
import { benchReconciliation } from "./reconciliation"
import { resultsName } from "./results-name"
import { benchResultsMarkdown, figurePassed, type FigureOutcome } from "./results"
import { benchSessionCreation } from "./session-creation"
import { benchSqlPerOrder } from "./sql-per-order"
import { benchTopology } from "./topology"
import { benchWebhookToOrder, type Throughput } from "./webhook-to-order"

/**
 * `npm run bench`: the demo store against the sandbox, its figures in one table. Logs go to
 * a temporary folder (a running `medusa develop` restarts on every file written in the
 * project); the table and the JSON report go to artifacts/bench/. A run at the shipped sizes
 * also leaves its dated results file in bench/results/ (docs/benchmarks.md).
 */
const say = (line: string): void => console.log(`[bench] ${line}`)

async function main(): Promise<number> {
  process.chdir(PROJECT_ROOT)
  const config = benchConfig()
  const startedAt = new Date()
  const logs = mkdtempSync(join(tmpdir(), "bnpl-bench-"))
  const load = [loadavg()[0]]
  say(`logs in ${logs}; load average ${load[0].toFixed(2)} on ${cpus().length} cores`)
  const contexts = await setUp(config, logs)
  const outcomes = await runFigures(contexts)
  const rows = outcomes.flatMap((outcome) => ("rows" in outcome ? outcome.rows : []))
  load.push(loadavg()[0])
  const table = figureTable(rows)
  const wallS = (Date.now() - startedAt.getTime()) / 1000
  console.log(`\n${table}\n`)
  say(`done in ${wallS.toFixed(0)} s; load average ${load.map((l) => l.toFixed(2)).join(" → ")}`)
  writeReport({ config, rows, table, wallS, load, logs })
  const passed = outcomes.every(figurePassed)
  // Only the shipped sizes measure what the figures claim: smaller runs leave no results file.
  if (shippedSizes()) writeResultsFile(config, outcomes, { startedAt, seconds: wallS, load, passed })
  return passed ? 0 : 1
}

/**
 * The stack and the measured store: one Medusa process, or with BENCH_OTEL=both two on the same
 * stack, OpenTelemetry off and on, both up for the whole run. The first is the one every figure
 * other than sessions and webhooks runs on.
 */
async function setUp(config: BenchConfig, logs: string): Promise<BenchContext[]> {
  say("starting the sandbox and PostgreSQL, migrating, seeding…")
  const stack = await Stack.start({ name: "bench", artifacts: logs, webhookAuth: "bearer", timeoutMs: 10_000 })
  const latency = config.sandboxLatencyMs ? { latencyMs: config.sandboxLatencyMs } : undefined
  const baseFaults = latency ? { auth: latency, loan: latency, status: latency, cancel: latency } : {}
  stack.sandbox.setFaults(baseFaults)
  const modes: Array<"off" | "on"> = config.otel === "both" ? ["off", "on"] : [config.otel]
  const contexts: BenchContext[] = []
  for (const mode of modes) {
    // The inspector lets reconciliation read the memory Medusa retains, after a forced GC.
    const env = {
      BNPL_RECONCILE_CONCURRENCY: String(config.reconcileConcurrency),
      BNPL_AUTO_CAPTURE: String(config.autoCapture),
      ...(mode === "on" ? { BNPL_OTEL_DISCARD: "1" } : {}),
    }
    const name = config.otel === "both" ? `bench-otel-${mode}` : "bench"
    const { process: medusa, bootMs } = await stack.medusa(name, env, { inspect: true })
    say(`Medusa (OpenTelemetry ${mode}) up on ${medusa.url} in ${(bootMs / 1000).toFixed(1)} s`)
    const admin = await AdminApi.login(medusa.url, stack.secrets.admin)
    const api = new StoreApi(medusa.url, stack.store)
    // Carts are rows in the one database: a factory made through the first process serves both.
    const carts = contexts[0]?.carts ?? (await CartFactory.create(api, stack.db))
    contexts.push({ config, stack, medusa, api, admin, carts, baseFaults, say })
  }
  return contexts
}

/**
 * Each figure in turn. One that throws is recorded as failed, with its error and no number, and
 * the next one still runs. With a second process (BENCH_OTEL=both), sessions and webhooks are
 * measured on each and compared (otel-cost.ts).
 */
async function runFigures([ctx, withOtel]: BenchContext[]): Promise<FigureOutcome[]> {
  const outcomes: FigureOutcome[] = []
  const only = ctx.config.only
  const run = async (figure: Figure, name: string, work: () => Promise<FigureRow[]>): Promise<void> => {
    const started = Date.now()
    try {
      const rows = await timed(name, work)
      outcomes.push({ figure, seconds: (Date.now() - started) / 1000, rows })
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      say(`${name}: FAILED: ${message}`)
      outcomes.push({ figure, seconds: (Date.now() - started) / 1000, error: message })
    }
  }
  let baseline: Throughput | undefined
  if (only.has("sessions")) {
    await run("sessions", "session creation", () => (withOtel ? sessionsOtelCost(ctx, withOtel) : benchSessionCreation(ctx)))
  }
  if (only.has("webhooks")) {
    await run("webhooks", "webhook → order", async () => {
      const result = withOtel ? await webhooksOtelCost(ctx, withOtel) : await benchWebhookToOrder(ctx)
      baseline = result.baseline
      return result.rows
    })
  }
  if (only.has("storm")) await run("storm", "duplicate storm", () => benchDuplicateStorm(ctx, baseline))
  if (only.has("reconcile")) await run("reconcile", "reconciliation", () => benchReconciliation(ctx))
  if (only.has("offer")) await run("offer", "offer", () => benchOffer(ctx))
  if (only.has("load")) await run("load", "checkout under load", () => benchCheckoutUnderLoad(ctx))
  if (only.has("sql")) await run("sql", "SQL per order", () => benchSqlPerOrder(ctx))
  if (only.has("topology")) await run("topology", "production topology", () => benchTopology(ctx))
  if (only.has("backlog")) await run("backlog", "backlog after an outage", () => benchBacklog(ctx))
  return outcomes
}

/**
 * Sizes as shipped: BENCH_ONLY chooses figures, BENCH_AUTO_CAPTURE and BENCH_OTEL the store's mode
 * (its results file says so); any other BENCH_* variable changes what is measured.
 */
const SHIPPED_KNOBS = new Set(["BENCH_ONLY", "BENCH_AUTO_CAPTURE", "BENCH_OTEL"])
const shippedSizes = (): boolean => !Object.keys(process.env).some((name) => name.startsWith("BENCH_") && !SHIPPED_KNOBS.has(name))

/** bench/results/<stamp>-<resultsName>.md and .json (harness/results.ts). */
function writeResultsFile(
  config: BenchConfig,
  outcomes: FigureOutcome[],
  run: { startedAt: Date; seconds: number; load: number[]; passed: boolean },
): void {
  const { name, command } = resultsName(config)
  const record = runRecord({ kind: "bench", command, ...run }, PROJECT_ROOT)
  const file = writeResults(RESULTS_DIR(PROJECT_ROOT), record, name, benchResultsMarkdown(record, outcomes), {
    config: { ...config, only: [...config.only] },
    outcomes,
  })
  say(`results: ${file}`)
}

async function timed<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now()
  const result = await work()
  say(`${name}: ${((Date.now() - started) / 1000).toFixed(0)} s`)
  return result
}

function writeReport(report: { config: BenchConfig; rows: FigureRow[]; table: string; wallS: number; load: number[]; logs: string }): void {
  const dir = join(PROJECT_ROOT, "artifacts", "bench")
  mkdirSync(dir, { recursive: true })
  const at = new Date().toISOString()
  const config = { ...report.config, only: [...report.config.only] }
  const json = JSON.stringify({ at, node: process.version, cpus: cpus().length, ...report, config }, null, 2)
  const file = join(dir, `bench-${at.replace(/[:.]/g, "-")}.json`)
  writeFileSync(file, json)
  if (!Object.keys(process.env).some((name) => name.startsWith("BENCH_"))) {
    writeFileSync(join(dir, "latest.json"), json)
    writeFileSync(join(dir, "latest.md"), `${report.table}\n`)
  }
  say(`report: ${file}`)
}

runGuarded(main)
