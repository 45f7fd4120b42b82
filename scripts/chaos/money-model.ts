import { formatFailure, runMoneyModel } from "../../integration-tests/model/run"
import type { Sql } from "../../integration-tests/model/system"
import { httpCalls } from "../../integration-tests/model/system"
import type { ChaosContext } from "./context"
import type { Scenario, ScenarioResult } from "./scenario"

/**
 * The randomized model test of the rule for money at full size: 1,000 random sequences of
 * shoppers, admin, service and reconciliation against Medusa "a", each ending with the rule
 * for money (integration-tests/model). `npm test` runs the quick size (50) in the http spec
 * money-model.spec.ts; `--quick` here runs a handful, to keep this path working in CI.
 *
 * Medusa "a" keeps its default refund-check interval (6 h): with 0, every reconciliation
 * would re-check every ordered loan of the whole run, and 1,000 sequences would cost
 * quadratic time. The model's "time passes" moves a sequence's own loans past it instead.
 *
 * Replay: `FC_SEED=<seed> FC_PATH=<path> npm run test:chaos -- --only=money-model`
 * (or the same variables with the http spec); FC_RUNS sets the number of sequences.
 */
const FULL_SEQUENCES = 1_000
const QUICK_SEQUENCES = 2
/** Sequences driven at once, each on its own carts; commands that set a fault run alone (gate.ts). */
const CONCURRENCY = 4
const PRINTED_IN_FULL = 20

const number = (name: string): number | undefined => (process.env[name] ? Number(process.env[name]) : undefined)

export const moneyModelScenario: Scenario = {
  name: "money model",
  async run(ctx: ChaosContext): Promise<ScenarioResult> {
    const { stack } = ctx
    const { store, admin } = await httpCalls(ctx.medusa.url, stack.store, stack.secrets.admin)
    const sql: Sql = (text, params) => stack.db.query(text, params)
    stack.sandbox.setFaults({})
    const report = await runMoneyModel(
      { store, admin, sandbox: stack.sandbox, sql },
      {
        numRuns: number("FC_RUNS") ?? (ctx.sizes.quick ? QUICK_SEQUENCES : FULL_SEQUENCES),
        size: { minCommands: 3, maxCommands: 10 },
        seed: number("FC_SEED"),
        path: process.env.FC_PATH,
        shrink: process.env.FC_SHRINK === "1",
        // A replayed sequence runs by itself, as it first ran only if the run was sequential: say so in the report.
        concurrency: process.env.FC_PATH ? 1 : (number("FC_CONCURRENCY") ?? CONCURRENCY),
        verbose: process.env.FC_VERBOSE === "1",
        log: ctx.say,
      },
    )
    return {
      figures: {
        sequences: report.sequences,
        commands: report.commands,
        seed: report.seed,
        "at once": process.env.FC_PATH ? 1 : (number("FC_CONCURRENCY") ?? CONCURRENCY),
        "seconds per sequence": report.sequences ? (report.seconds / report.sequences).toFixed(1) : "-",
        loans: report.loans,
        orders: report.orders,
        "failed sequences": report.failures.length,
      },
      // Every failure is counted; the first ones print whole, the rest one line each (replay any of them).
      failures: report.failures.map((failure, i) =>
        i < PRINTED_IN_FULL ? formatFailure(failure) : `FC_SEED=${failure.seed} FC_PATH=${failure.path}: ${failure.violations[0]}`,
      ),
    }
  },
}
