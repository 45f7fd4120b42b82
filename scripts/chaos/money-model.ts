import type { Sequence } from "../../integration-tests/model/commands"
import { formatFailure, type ModelReport, runMoneyModel } from "../../integration-tests/model/run"
import type { Sql } from "../../integration-tests/model/system"
import { httpCalls } from "../../integration-tests/model/system"
import { ivaOnTop, pricesIncludeIva } from "../../integration-tests/model/iva-prices"
import type { ChaosContext } from "./context"
import type { Scenario, ScenarioResult } from "./scenario"

/**
 * The randomized model test of the rule for money at full size: 1,000 random sequences of
 * shoppers, admin, service and reconciliation, each ending with the rule for money
 * (integration-tests/model), in five modes:
 * - 300 against Medusa "a", the chaos run's own, as installed (autoCapture on);
 * - 150 against "a" again, drawn mostly from the doors of an order's open collection: sales by
 *   phone (lost replies too), the payment link beside them, cancels with a link out (`in-store`);
 * - 250 against a Medusa booted with BNPL_AUTO_CAPTURE=false;
 * - 150 against one booted with BNPL_ORDER_BEFORE_FINANCING=true and refundOnReturn;
 * - 150 against one booted with refundOnReturn whose region's prices leave 16% IVA on top of
 *   odd centavos (the carts' totals carry more than two decimals; the prices are set back after).
 * The provider reads its options once, at boot: "a" is stopped while another runs, and the next
 * scenario starts it again. Every Medusa of the chaos run sells by phone (harness/stack.ts).
 * `npm test` runs the quick size in the http spec money-model.spec.ts; `--quick` here runs a
 * handful, to keep this path working in CI. Medusa runs in its own process here, so the store
 * cannot refuse an order after the payment (the `refused-complete` command, which needs a hook
 * in Medusa's process), nor run Medusa's workflows as its own code (`store-cancel`,
 * `store-refund`): the http spec covers them. Returns, edits and partial captures go through
 * Medusa's admin API, as here.
 *
 * Every Medusa keeps the default refund-check interval (6 h): with 0, every reconciliation
 * would re-check every ordered loan of the whole run, and a full run would cost
 * quadratic time. The model's "time passes" moves a sequence's own loans past it instead.
 *
 * One mode per process: `FC_AUTO_CAPTURE=1` (or 0), `FC_FOCUS=in-store`, `FC_ORDER_FIRST=1` or
 * `FC_IVA=1`, each with `npm run test:chaos -- --only=money-model`; its results file is named by
 * the mode. Replay a failure with the FC_SEED and FC_PATH it prints and its mode's variable, or
 * with `FC_SEQUENCE='<json>'` as it prints it; FC_RUNS sets the number of sequences.
 */
type Mode = "autoCapture" | "inStore" | "plain" | "orderFirst" | "iva"
interface ModeSpec {
  title: string
  /** Its results file's name, after `chaos-money-model-`. */
  slug: string
  /** The Medusa's name and the options it boots with; none: Medusa "a", as installed. */
  boot?: { name: string; env: Record<string, string> }
  full: number
  quick: number
  /** What a replay sets to run this mode alone. */
  replay: string
  label?: string
}
const MODES: Record<Mode, ModeSpec> = {
  autoCapture: {
    title: "with autoCapture (the default)",
    slug: "autocapture",
    full: 300,
    quick: 1,
    replay: "FC_AUTO_CAPTURE=1",
    label: "autoCapture",
  },
  inStore: {
    title: "the doors of an order's open collection (sales by phone)",
    slug: "in-store",
    full: 150,
    quick: 1,
    replay: "FC_FOCUS=in-store",
    label: "in-store",
  },
  plain: {
    title: "without autoCapture",
    slug: "without-autocapture",
    boot: { name: "capture-at-fulfilment", env: { BNPL_AUTO_CAPTURE: "false" } },
    full: 250,
    quick: 1,
    replay: "FC_AUTO_CAPTURE=0",
  },
  orderFirst: {
    title: "with orderBeforeFinancing",
    slug: "order-first",
    // refundOnReturn on here and with IVA only, so both readings of a received return are proven.
    boot: { name: "order-first", env: { BNPL_ORDER_BEFORE_FINANCING: "true", BNPL_REFUND_ON_RETURN: "true" } },
    full: 150,
    quick: 1,
    replay: "FC_ORDER_FIRST=1",
    label: "orderBeforeFinancing",
  },
  iva: {
    title: "IVA on top of odd prices",
    slug: "iva",
    boot: { name: "iva", env: { BNPL_REFUND_ON_RETURN: "true" } },
    full: 150,
    quick: 1,
    replay: "FC_IVA=1",
    label: "IVA on top of odd prices",
  },
}
/** Sequences driven at once, each on its own carts; commands that set a fault or move money run alone (gate.ts). */
const CONCURRENCY = 4
const PRINTED_IN_FULL = 20

const number = (name: string): number | undefined => (process.env[name] ? Number(process.env[name]) : undefined)

/** The mode a replay or a one-mode run names (module doc); unset, all five, "a"'s first. */
function wanted(): Mode[] {
  if (process.env.FC_IVA === "1") return ["iva"]
  if (process.env.FC_ORDER_FIRST === "1") return ["orderFirst"]
  if (process.env.FC_FOCUS === "in-store") return ["inStore"]
  if (process.env.FC_AUTO_CAPTURE !== undefined) return [process.env.FC_AUTO_CAPTURE === "1" ? "autoCapture" : "plain"]
  return ["autoCapture", "inStore", "plain", "orderFirst", "iva"]
}

export const moneyModelScenario: Scenario = {
  name: "money model",
  variant: () => (wanted().length === 1 ? MODES[wanted()[0]].slug : undefined),
  async run(ctx: ChaosContext): Promise<ScenarioResult> {
    const reports: Array<[string, ModelReport]> = []
    for (const mode of wanted()) {
      const { title, boot } = MODES[mode]
      // Medusa "a", as installed, runs first: the others stop it.
      if (!boot) {
        reports.push([title, await runOn(ctx, ctx.medusa.url, mode)])
        continue
      }
      await ctx.medusa.stop() // one Medusa at a time on the machine's cores
      const { process: medusa, bootMs } = await ctx.stack.medusa(boot.name, boot.env)
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
  const http = await httpCalls(url, stack.store, stack.secrets.admin)
  const cartVariant = mode === "iva" ? await ivaOnTop(http.admin, stack.store) : undefined
  const { store, admin } = cartVariant ? await httpCalls(url, stack.store, stack.secrets.admin, cartVariant) : http
  const sql: Sql = (text, params) => stack.db.query(text, params)
  stack.sandbox.setFaults({})
  const { full, quick, replay, label } = MODES[mode]
  const focus = mode === "inStore"
  try {
    return await runMoneyModel(
      {
        store,
        admin,
        sandbox: stack.sandbox,
        sql,
        autoCapture: mode !== "plain",
        orderBeforeFinancing: mode === "orderFirst",
        refundOnReturn: mode === "orderFirst" || mode === "iva",
        inStore: true,
      },
      {
        numRuns: number("FC_RUNS") ?? (ctx.sizes.quick ? quick : full),
        size: focus ? { minCommands: 5, maxCommands: 9, focus: "in-store" } : { minCommands: 3, maxCommands: 8 },
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
  } finally {
    // The demo's prices include IVA: the next scenario's carts find them as seeded.
    if (cartVariant) await pricesIncludeIva(admin, stack.store, true)
  }
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
