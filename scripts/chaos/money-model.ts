import type { Sequence } from "../../integration-tests/model/commands"
import { formatFailure, type ModelReport, runMoneyModel } from "../../integration-tests/model/run"
import type { Sql } from "../../integration-tests/model/system"
import { httpCalls } from "../../integration-tests/model/system"
import type { ChaosContext } from "./context"
import type { Scenario, ScenarioResult } from "./scenario"

/**
 * The randomized model test of the rule for money at full size: 1,000 random sequences of
 * shoppers, admin, service and reconciliation: 400 against a Medusa with the defaults (autoCapture
 * on), 400 against Medusa "a" booted with BNPL_AUTO_CAPTURE=false, and 200 against one booted with
 * BNPL_ORDER_BEFORE_FINANCING=true (the provider reads its options once, at boot; "a" is stopped
 * meanwhile, and the next scenario starts it again), each ending with the rule for money
 * (integration-tests/model). `npm test` runs the quick size (20, 18 and 12) in the
 * http spec money-model.spec.ts; `--quick` here runs a handful, to keep this path working in CI.
 * Medusa runs in its own process here, so the store cannot refuse an order after the payment
 * (the `refused-complete` command, which needs a hook in Medusa's process), nor run Medusa's
 * workflows as its own code (`store-cancel`, `store-refund`): the http spec covers them. Returns,
 * edits and partial captures go through Medusa's admin API, as here.
 *
 * Both Medusas keep the default refund-check interval (6 h): with 0, every reconciliation
 * would re-check every ordered loan of the whole run, and a full run would cost
 * quadratic time. The model's "time passes" moves a sequence's own loans past it instead.
 *
 * Replay: `FC_SEED=<seed> FC_PATH=<path> FC_AUTO_CAPTURE=<0|1> npm run test:chaos -- --only=money-model`
 * (or `FC_ORDER_FIRST=1`; or the same variables with the http spec), or `FC_SEQUENCE='<json>'` as a
 * failure prints it; FC_RUNS, FC_AUTO_CAPTURE_RUNS and FC_ORDER_FIRST_RUNS set the number of sequences;
 * FC_AUTO_CAPTURE=0 runs only Medusa "a", 1 only the autoCapture one, FC_ORDER_FIRST=1 only the orderBeforeFinancing one.
 */
/** The three Medusas, each booted with its options (the provider reads them once, at boot). */
type Mode = "plain" | "autoCapture" | "orderFirst"
const MODES: Record<
  Mode,
  { title: string; env: Record<string, string>; full: number; quick: number; runsVar: string; replay: string; label?: string }
> = {
  plain: {
    title: "without autoCapture",
    env: { BNPL_AUTO_CAPTURE: "false" },
    full: 400,
    quick: 2,
    runsVar: "FC_RUNS",
    replay: "FC_AUTO_CAPTURE=0",
  },
  autoCapture: {
    title: "with autoCapture (the default)",
    env: {},
    full: 400,
    quick: 1,
    runsVar: "FC_AUTO_CAPTURE_RUNS",
    replay: "FC_AUTO_CAPTURE=1",
    label: "autoCapture",
  },
  orderFirst: {
    title: "with orderBeforeFinancing",
    // refundOnReturn on here only, so both readings of a received return are proven.
    env: { BNPL_ORDER_BEFORE_FINANCING: "true", BNPL_REFUND_ON_RETURN: "true" },
    full: 200,
    quick: 1,
    runsVar: "FC_ORDER_FIRST_RUNS",
    replay: "FC_ORDER_FIRST=1",
    label: "orderBeforeFinancing",
  },
}
/** Sequences driven at once, each on its own carts; commands that set a fault or move money run alone (gate.ts). */
const CONCURRENCY = 4
const PRINTED_IN_FULL = 20

const number = (name: string): number | undefined => (process.env[name] ? Number(process.env[name]) : undefined)

/** The Medusas a replay needs (FC_AUTO_CAPTURE=0 or 1, FC_ORDER_FIRST=1); unset, all three. */
function wanted(): Mode[] {
  if (process.env.FC_ORDER_FIRST === "1") return ["orderFirst"]
  if (process.env.FC_AUTO_CAPTURE !== undefined) return [process.env.FC_AUTO_CAPTURE === "1" ? "autoCapture" : "plain"]
  return ["autoCapture", "plain", "orderFirst"]
}

export const moneyModelScenario: Scenario = {
  name: "money model",
  async run(ctx: ChaosContext): Promise<ScenarioResult> {
    const reports: Array<[string, ModelReport]> = []
    for (const mode of wanted()) {
      const { title, env } = MODES[mode]
      // The Medusa as installed is the chaos run's own; it runs first, as the others stop it.
      if (mode === "autoCapture") {
        reports.push([title, await runOn(ctx, ctx.medusa.url, mode)])
        continue
      }
      await ctx.medusa.stop() // one Medusa at a time on the machine's cores
      const { process: medusa, bootMs } = await ctx.stack.medusa(mode === "plain" ? "capture-at-fulfilment" : "order-first", env)
      ctx.say(`Medusa ${title} up on ${medusa.url} in ${(bootMs / 1000).toFixed(1)} s`)
      try {
        reports.push([title, await runOn(ctx, medusa.url, mode)])
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

async function runOn(ctx: ChaosContext, url: string, mode: Mode): Promise<ModelReport> {
  const { stack } = ctx
  const { store, admin } = await httpCalls(url, stack.store, stack.secrets.admin)
  const sql: Sql = (text, params) => stack.db.query(text, params)
  stack.sandbox.setFaults({})
  const { full, quick, runsVar, replay, label } = MODES[mode]
  return runMoneyModel(
    {
      store,
      admin,
      sandbox: stack.sandbox,
      sql,
      autoCapture: mode !== "plain",
      orderBeforeFinancing: mode === "orderFirst",
      refundOnReturn: mode === "orderFirst",
    },
    {
      numRuns: number(runsVar) ?? (ctx.sizes.quick ? quick : full),
      size: { minCommands: 3, maxCommands: 10 },
      seed: number("FC_SEED"),
      path: process.env.FC_PATH,
      sequence: process.env.FC_SEQUENCE ? (JSON.parse(process.env.FC_SEQUENCE) as Sequence) : undefined,
      shrink: process.env.FC_SHRINK === "1",
      // A replayed sequence runs by itself, as it first ran only if the run was sequential: say so in the report.
      concurrency: concurrency(),
      verbose: process.env.FC_VERBOSE === "1",
      replay,
      label,
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
