import type { Sequence } from "../../integration-tests/model/commands"
import { formatFailure, type ModelReport, runMoneyModel } from "../../integration-tests/model/run"
import type { Sql } from "../../integration-tests/model/system"
import { httpCalls } from "../../integration-tests/model/system"
import type { ChaosContext } from "./context"
import type { Scenario, ScenarioResult } from "./scenario"

/**
 * The randomized model test of the rule for money at full size: 1,000 random sequences of
 * shoppers, admin, service and reconciliation against Medusa "a", then 200 more against a Medusa
 * booted with BNPL_AUTO_CAPTURE=true (the provider reads it once, at boot; "a" is stopped
 * meanwhile, and the next scenario starts it again), each ending with the rule for money
 * (integration-tests/model). `npm test` runs the quick size (50, and 15 with autoCapture) in the
 * http spec money-model.spec.ts; `--quick` here runs a handful, to keep this path working in CI.
 * Medusa runs in its own process here, so the store cannot refuse an order after the payment
 * (the `refused-complete` command, which needs a hook in Medusa's process): the http spec covers it.
 *
 * Both Medusas keep the default refund-check interval (6 h): with 0, every reconciliation
 * would re-check every ordered loan of the whole run, and 1,000 sequences would cost
 * quadratic time. The model's "time passes" moves a sequence's own loans past it instead.
 *
 * Replay: `FC_SEED=<seed> FC_PATH=<path> FC_AUTO_CAPTURE=<0|1> npm run test:chaos -- --only=money-model`
 * (or the same variables with the http spec), or `FC_SEQUENCE='<json>'` as a failure prints it; FC_RUNS and FC_AUTO_CAPTURE_RUNS set the number of
 * sequences; FC_AUTO_CAPTURE=0 runs only Medusa "a", 1 only the autoCapture one.
 */
const FULL_SEQUENCES = 1_000
const QUICK_SEQUENCES = 2
const FULL_AUTO_CAPTURE_SEQUENCES = 200
const QUICK_AUTO_CAPTURE_SEQUENCES = 1
/** Sequences driven at once, each on its own carts; commands that set a fault or move money run alone (gate.ts). */
const CONCURRENCY = 4
const PRINTED_IN_FULL = 20

const number = (name: string): number | undefined => (process.env[name] ? Number(process.env[name]) : undefined)

export const moneyModelScenario: Scenario = {
  name: "money model",
  async run(ctx: ChaosContext): Promise<ScenarioResult> {
    const only = process.env.FC_AUTO_CAPTURE
    const reports: Array<[string, ModelReport]> = []
    if (only !== "1") reports.push(["without autoCapture", await runOn(ctx, ctx.medusa.url, false)])
    if (only !== "0") {
      await ctx.medusa.stop() // one Medusa at a time on the machine's cores
      const { process: medusa, bootMs } = await ctx.stack.medusa("auto-capture", { BNPL_AUTO_CAPTURE: "true" })
      ctx.say(`Medusa with autoCapture up on ${medusa.url} in ${(bootMs / 1000).toFixed(1)} s`)
      try {
        reports.push(["with autoCapture", await runOn(ctx, medusa.url, true)])
      } finally {
        await medusa.stop()
      }
    }
    const failures = reports.flatMap(([, report]) => report.failures)
    return {
      figures: Object.fromEntries(reports.map(([name, report]) => [name, figuresOf(report)])),
      // Every failure is counted; the first ones print whole, the rest one line each (replay any of them).
      failures: failures.map((failure, i) =>
        i < PRINTED_IN_FULL
          ? formatFailure(failure)
          : `FC_SEED=${failure.seed} FC_PATH=${failure.path} ${failure.replay ?? ""}: ${failure.violations[0]}`,
      ),
    }
  },
}

async function runOn(ctx: ChaosContext, url: string, autoCapture: boolean): Promise<ModelReport> {
  const { stack } = ctx
  const { store, admin } = await httpCalls(url, stack.store, stack.secrets.admin)
  const sql: Sql = (text, params) => stack.db.query(text, params)
  stack.sandbox.setFaults({})
  const full = autoCapture ? FULL_AUTO_CAPTURE_SEQUENCES : FULL_SEQUENCES
  const quick = autoCapture ? QUICK_AUTO_CAPTURE_SEQUENCES : QUICK_SEQUENCES
  return runMoneyModel(
    { store, admin, sandbox: stack.sandbox, sql, autoCapture },
    {
      numRuns: number(autoCapture ? "FC_AUTO_CAPTURE_RUNS" : "FC_RUNS") ?? (ctx.sizes.quick ? quick : full),
      size: { minCommands: 3, maxCommands: 10 },
      seed: number("FC_SEED"),
      path: process.env.FC_PATH,
      sequence: process.env.FC_SEQUENCE ? (JSON.parse(process.env.FC_SEQUENCE) as Sequence) : undefined,
      shrink: process.env.FC_SHRINK === "1",
      // A replayed sequence runs by itself, as it first ran only if the run was sequential: say so in the report.
      concurrency: concurrency(),
      verbose: process.env.FC_VERBOSE === "1",
      replay: `FC_AUTO_CAPTURE=${autoCapture ? 1 : 0}`,
      label: autoCapture ? "autoCapture" : undefined,
      log: ctx.say,
    },
  )
}

const concurrency = (): number => (process.env.FC_PATH || process.env.FC_SEQUENCE ? 1 : (number("FC_CONCURRENCY") ?? CONCURRENCY))

function figuresOf(report: ModelReport): Record<string, unknown> {
  return {
    sequences: report.sequences,
    commands: report.commands,
    seed: report.seed,
    "at once": concurrency(),
    "seconds per sequence": report.sequences ? (report.seconds / report.sequences).toFixed(1) : "-",
    loans: report.loans,
    orders: report.orders,
    unclear: report.unclear,
    kinds: report.kinds,
    "failed sequences": report.failures.length,
  }
}
