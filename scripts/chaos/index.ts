import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { loadavg, tmpdir } from "node:os"
import { join } from "node:path"
import { AdminApi } from "../harness/admin-api"
import { CartFactory } from "../harness/cart-factory"
import { PROJECT_ROOT } from "../harness/medusa"
import { RESULTS_DIR, runRecord, writeResults } from "../harness/results"
import { Stack } from "../harness/stack"
import { StoreApi } from "../harness/store-api"
import { runGuarded } from "../harness/teardown"
import { badInputScenario } from "./bad-input/scenario"
import type { ChaosContext } from "./context"
import { faultsScenario } from "./faults"
import { interruptedCompletionScenario } from "./interrupted-completion"
import { moneyModelScenario } from "./money-model"
import { closeRawAgent } from "./lib/raw-webhook"
import { productionScenario } from "./production"
import { restartScenario } from "./restart"
import { chaosResultsMarkdown, recordedScenario, type ChaosOutcome } from "./results"
import { scenarioSlug, type Scenario, type ScenarioResult } from "./scenario"
import { secretsScenario } from "./secrets"
import { chaosSizes } from "./sizes"
import { twoInstancesScenario } from "./two-instances"

/**
 * `npm run test:chaos [-- --quick] [-- --only=faults,restart | --except=production]`: each
 * scenario is one test; the last line counts them, like `npm test` does. Each scenario makes
 * the carts and loans it needs, so any one runs alone (`--only=`); the secrets scan comes last
 * so that it also reads what every other scenario of the run logged.
 */
const SCENARIOS: Scenario[] = [
  faultsScenario,
  restartScenario,
  interruptedCompletionScenario,
  badInputScenario,
  twoInstancesScenario,
  productionScenario,
  moneyModelScenario,
  secretsScenario,
]
/** The sandbox's webhook retries (0.5, 1, 2 s apart): scenarios wait for them to run out. */
const WEBHOOK_RETRIES = 3
/** Short enough that hung requests cost seconds, not minutes; long enough for a loaded machine. */
const SERVICE_TIMEOUT_MS = 1_500

const say = (line: string): void => console.log(`[chaos] ${line}`)

async function main(): Promise<number> {
  process.chdir(PROJECT_ROOT)
  const args = process.argv.slice(2)
  const startedAt = new Date()
  const started = startedAt.getTime()
  const load = [loadavg()[0]]
  const ctx = await setUp(args)
  const outcomes: ChaosOutcome[] = []
  const chosen = selected(args)
  for (const scenario of chosen) outcomes.push(await runScenario(ctx, scenario))
  closeRawAgent()
  const failed = outcomes.filter((o) => o.failures.length).length
  say(`done in ${((Date.now() - started) / 1000).toFixed(0)} s; logs in ${ctx.stack.options.artifacts}`)
  load.push(loadavg()[0])
  writeReport(outcomes, ctx, load)
  // Only full-size runs measure what the figures claim: smaller ones, and a replay of one sequence, leave no results file.
  if (!ctx.sizes.quick && !process.env.FC_RUNS && !process.env.FC_PATH && !process.env.FC_SEQUENCE)
    writeResultsFile(args, chosen, outcomes, startedAt, load)
  console.log(`${outcomes.length - failed} passed, ${failed} failed`)
  return failed ? 1 : 0
}

async function setUp(args: string[]): Promise<ChaosContext> {
  const sizes = chaosSizes(args)
  const logs = mkdtempSync(join(tmpdir(), "bnpl-chaos-"))
  say(`${sizes.quick ? "quick" : "full"} run; logs in ${logs}`)
  // The model reads what a webhook did once it is answered: the answer waits for the verdict.
  const stack = await Stack.start({ name: "chaos", artifacts: logs, webhookAuth: "jwt", timeoutMs: SERVICE_TIMEOUT_MS, webhookAnswerMs: 60_000 })
  stack.sandbox.setWebhook({ retries: WEBHOOK_RETRIES, backoffMs: 500 })
  // The inspector lets the bad-input scenario read memory after a forced GC.
  const { process: medusa, bootMs } = await stack.medusa("a", {}, { inspect: true })
  say(`Medusa up on ${medusa.url} in ${(bootMs / 1000).toFixed(1)} s`)
  const api = new StoreApi(medusa.url, stack.store)
  const admin = await AdminApi.login(medusa.url, stack.secrets.admin)
  return { sizes, stack, medusa, api, admin, carts: await CartFactory.create(api, stack.db), webhookRetries: WEBHOOK_RETRIES, say }
}

function selected(args: string[]): Scenario[] {
  const slug = (scenario: Scenario): string => scenarioSlug(scenario.name)
  const named = (flag: string): string[] | undefined => {
    const names = args
      .find((arg) => arg.startsWith(`${flag}=`))
      ?.slice(flag.length + 1)
      .split(",")
    const unknown = (names ?? []).filter((name) => !SCENARIOS.some((s) => slug(s) === name))
    if (unknown.length) throw new Error(`${flag}: no scenario ${unknown.join(", ")}; choose from ${SCENARIOS.map(slug).join(", ")}`)
    return names
  }
  const only = named("--only")
  const except = named("--except") ?? []
  return SCENARIOS.filter((s) => (!only || only.includes(slug(s))) && !except.includes(slug(s)))
}

/** A scenario that throws has failed; the next one still runs. */
async function runScenario(ctx: ChaosContext, scenario: Scenario): Promise<ChaosOutcome> {
  say(`── ${scenario.name}`)
  const started = Date.now()
  let result: ScenarioResult
  try {
    // Some scenarios stop the shared Medusa (two instances, production): each one starts with it up.
    if (!ctx.medusa.running) await ctx.medusa.start()
    result = await scenario.run(ctx)
  } catch (error) {
    result = { figures: {}, failures: [`crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`] }
  }
  const seconds = (Date.now() - started) / 1000
  for (const [name, value] of Object.entries(result.figures)) {
    console.log(`   ${name}: ${typeof value === "string" || typeof value === "number" ? value : JSON.stringify(value)}`)
  }
  console.log(`   ${result.failures.length ? "FAIL" : "ok"} (${seconds.toFixed(0)} s)`)
  for (const failure of result.failures) console.log(`     - ${failure}`)
  return { name: scenario.name, seconds, ...result }
}

/**
 * `artifacts/chaos/{quick,full}-latest.json`, or `{quick,full}-<scenario>+<scenario>…-latest.json` for a
 * run of some of them. BNPL_CHAOS_REPORT_DIR puts it elsewhere: `npm test` collects the reports
 * of its runs side by side once the browser suite, whose `medusa develop` restarts on any write
 * to the project, is done.
 */
function writeReport(outcomes: ChaosOutcome[], ctx: ChaosContext, load: number[]): void {
  const dir = process.env.BNPL_CHAOS_REPORT_DIR || join(PROJECT_ROOT, "artifacts", "chaos")
  mkdirSync(dir, { recursive: true })
  const report = { at: new Date().toISOString(), sizes: ctx.sizes, logs: ctx.stack.options.artifacts, load, outcomes }
  const some = outcomes.length < SCENARIOS.length ? `-${outcomes.map((o) => scenarioSlug(o.name)).join("+")}` : ""
  writeFileSync(join(dir, `${ctx.sizes.quick ? "quick" : "full"}${some}-latest.json`), JSON.stringify(report, null, 2))
}

/** bench/results/<stamp>-chaos[-<scenario>+…].md and .json (harness/results.ts). */
function writeResultsFile(args: string[], chosen: Scenario[], outcomes: ChaosOutcome[], startedAt: Date, load: number[]): void {
  const seconds = (Date.now() - startedAt.getTime()) / 1000
  const passed = outcomes.every((o) => !o.failures.length)
  const command = ["npm run test:chaos", ...(args.length ? ["--", ...args] : [])].join(" ")
  const run = runRecord({ kind: "chaos", command, startedAt, seconds, load, passed }, PROJECT_ROOT)
  const scenarios = outcomes.map(recordedScenario)
  const some =
    chosen.length < SCENARIOS.length ? `-${chosen.map((s) => [scenarioSlug(s.name), s.variant?.()].filter(Boolean).join("-")).join("+")}` : ""
  const file = writeResults(RESULTS_DIR(PROJECT_ROOT), run, `chaos${some}`, chaosResultsMarkdown(run, scenarios), scenarios)
  say(`results: ${file}`)
}

runGuarded(main)
