// `npm test`: the typecheck, lint and every suite, against a throwaway embedded PostgreSQL
// (or DATABASE_URL's server), then one line of our own: `N passed, N failed` (`, N skipped`
// appended when tests were skipped; they are listed above it). A suite that runs no test fails.
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { basename, join, relative, resolve } from "node:path"
import { startPostgres } from "./harness/embedded-postgres"
import { freePort } from "./harness/free-port"
import { type FailedTest, failureDigest } from "./harness/failure-digest"
import { aptInstall } from "./harness/apt"
import { migrateTemplate } from "./harness/migrated-template"
import { runToEnd } from "./harness/proc"
import { BINARY as REDIS_SERVER } from "./harness/redis"
import { CHROMIUM } from "../integration-tests/browser/helpers/browser"

interface SuiteResult {
  suite: string
  passed: number
  failed: number
  skipped?: number
  skippedNames?: string[]
  /** Each failed test's name and message, repeated under the summary (failure-digest.ts). */
  failures?: FailedTest[]
  note?: string
  ms: number
}

/** The part of jest's `--json` report this runner reads. */
interface JestReport {
  numPassedTests: number
  numFailedTests: number
  testResults: Array<{
    name: string
    status: string
    message?: string
    assertionResults: Array<{ status: string; fullName: string; failureMessages?: string[] }>
  }>
}

interface Database {
  env: Record<string, string>
  stop(): Promise<void>
}

const bin = (name: string): string => resolve("node_modules/.bin", name)
// `npm test -- unit http` runs only those suites; words after `--` filter test files, as jest does.
const args = process.argv.slice(2)
const split = args.indexOf("--")
const only = split < 0 ? args : args.slice(0, split)
const patterns = split < 0 ? [] : args.slice(split + 1)
const wanted = (name: string): boolean => !only.length || only.includes(name)
const results: SuiteResult[] = []
const JEST_SUITES = ["unit", "http", "browser", "package"]
const SUITES = ["typecheck", "lint", ...JEST_SUITES, "chaos"]
const NO_DATABASE: Database = { env: {}, stop: async () => {} }

async function database(): Promise<Database> {
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL)
    return {
      env: {
        DB_HOST: url.hostname,
        DB_PORT: url.port || "5432",
        DB_USERNAME: decodeURIComponent(url.username),
        DB_PASSWORD: decodeURIComponent(url.password),
      },
      stop: async () => {},
    }
  }
  const dataDir = mkdtempSync(join(tmpdir(), "bnpl-test-pg-"))
  chmodSync(dataDir, 0o755) // PostgreSQL runs as its own user and must reach its data directory
  const pg = await startPostgres({ dataDir: join(dataDir, "data"), port: await freePort(), throwaway: true })
  return {
    // The test runner turns SSL on for any host that is not the word "localhost".
    env: { DB_HOST: "localhost", DB_PORT: String(pg.port), DB_USERNAME: pg.user, DB_PASSWORD: pg.password },
    stop: async () => {
      await pg.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * `command` at a lower CPU priority: `niceness` 0 (as is) to 19 (only what nobody else wants),
 * for a suite that merely takes longer when the cores are busy, beside one whose tests count
 * on timely answers. A process at nice 5 weighs a third of a normal one, at 10 a tenth, at 19
 * a seventieth.
 */
function prioritized(command: string, args: string[], niceness: number): [string, string[]] {
  return niceness ? ["nice", ["-n", String(niceness), command, ...args]] : [command, args]
}

/**
 * A suite that is one command: 1 passed when it exits 0, else 1 failed. Its output is held
 * back, as it runs beside other suites, and printed in one piece when it fails.
 */
async function step(suite: string, command: string, args: string[], niceness = 0): Promise<void> {
  const started = Date.now()
  const output: string[] = []
  try {
    await runToEnd(...prioritized(command, args, niceness), { quiet: true, onLine: (line) => output.push(line) })
    results.push({ suite, passed: 1, failed: 0, ms: Date.now() - started })
  } catch {
    console.log(`\n[test] ${suite} failed:\n${output.join("\n")}\n`)
    results.push({ suite, passed: 0, failed: 1, ms: Date.now() - started })
  }
}

/**
 * The Debian packages of later suites (Chromium for the browser suite, redis-server for chaos),
 * installed when missing at the start, at the lowest CPU and I/O priority, while the first
 * suites run: on a fresh machine their install would otherwise fall inside chaos's time, and
 * two suites would wait on each other's apt lock. A failure is only printed: each suite still
 * installs what it needs itself, and says so when it cannot.
 */
async function preinstall(): Promise<void> {
  const missing = [
    wanted("browser") && !existsSync(CHROMIUM) ? "chromium" : undefined,
    wanted("chaos") && !existsSync(REDIS_SERVER) ? "redis-server" : undefined,
  ].filter((name): name is string => !!name)
  if (!missing.length) return
  try {
    await aptInstall(missing, { idle: true, quiet: true })
  } catch (error) {
    console.log(`[test] could not install ${missing.join(", ")} ahead; the suites that need them try again:\n${(error as Error).message}`)
  }
}

/**
 * The test server's template1 migrated; whether it is. A failure is only printed: each http file
 * then migrates its own database.
 */
async function templateForHttp(db: Database): Promise<boolean> {
  const started = Date.now()
  try {
    await migrateTemplate({ DB_HOST: "", DB_PORT: "", DB_USERNAME: "", DB_PASSWORD: "", ...db.env })
    console.log(`[test] template1 migrated for the http files in ${((Date.now() - started) / 1000).toFixed(1)} s`)
    return true
  } catch (error) {
    console.log(`[test] could not migrate template1; each http file migrates its own database:\n${(error as Error).message}`)
    return false
  }
}

const typecheck = (): Promise<void> => step("typecheck", bin("tsc"), ["--noEmit", "-p", "tsconfig.json"])
/** `npm run lint` (eslint, prettier --check): package.json keeps the one definition. */
const lint = (niceness: number): Promise<void> => step("lint", "npm", ["run", "lint"], niceness)

interface JestOptions {
  /** Test files run side by side (each jest worker has its own database, named after it). */
  workers?: number
  /** At a lower CPU priority (see `prioritized`). */
  niceness?: number
}

async function jest(suite: string, testType: string, env: Record<string, string>, { workers = 1, niceness = 0 }: JestOptions = {}): Promise<void> {
  const started = Date.now()
  const outputFile = join(tmpdir(), `bnpl-jest-${suite}-${process.pid}.json`)
  try {
    // No --passWithNoTests: a suite asked for that runs nothing is a failure, not a green line.
    const parallel = workers > 1 ? [`--maxWorkers=${workers}`] : ["--runInBand"]
    const args = [...parallel, "--forceExit", "--json", `--outputFile=${outputFile}`, ...patterns]
    await runToEnd(...prioritized(bin("jest"), args, niceness), {
      env: {
        ...env,
        TEST_TYPE: testType,
        LOG_LEVEL: process.env.LOG_LEVEL || "error",
        NODE_OPTIONS: "--experimental-vm-modules",
        MEDUSA_DISABLE_TELEMETRY: "true",
      },
    })
  } catch {
    // counted below from the report
  }
  results.push({ suite, ...countReport(readReport(outputFile)), ms: Date.now() - started })
}

/**
 * A suite's jest report, read then removed; BNPL_TEST_REPORTS names a folder where a copy is
 * kept (every test's duration is in it: where a suite's time goes).
 */
function readReport(file: string): JestReport | null {
  try {
    if (process.env.BNPL_TEST_REPORTS) {
      mkdirSync(process.env.BNPL_TEST_REPORTS, { recursive: true })
      copyFileSync(file, join(process.env.BNPL_TEST_REPORTS, basename(file)))
    }
    return JSON.parse(readFileSync(file, "utf8")) as JestReport
  } catch {
    return null
  } finally {
    rmSync(file, { force: true })
  }
}

/** Passed, failed and skipped tests of one jest report; a missing report or one that ran nothing fails. */
function countReport(report: JestReport | null): Omit<SuiteResult, "suite" | "ms"> {
  if (!report)
    return {
      passed: 0,
      failed: 1,
      skipped: 0,
      skippedNames: [],
      note: "jest wrote no report: no test file matched, a global setup or teardown failed, or jest crashed",
    }
  // A file that failed to load has no test results but must still count as a failure.
  const broken = report.testResults.filter((r) => r.status === "failed" && !r.assertionResults.length).length
  const skippedNames = report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === "pending" || test.status === "todo" || test.status === "skipped")
      .map((test) => `${relative(process.cwd(), file.name)}: ${test.fullName}`),
  )
  const failures = report.testResults.flatMap((file) => {
    const where = relative(process.cwd(), file.name)
    const tests = file.assertionResults
      .filter((test) => test.status === "failed")
      .map((test) => ({ name: `${where}: ${test.fullName}`, message: (test.failureMessages ?? []).join("\n") }))
    return tests.length || file.status !== "failed" ? tests : [{ name: `${where} (did not load)`, message: file.message ?? "" }]
  })
  const ran = report.numPassedTests + report.numFailedTests
  const noneRan = ran === 0 && broken === 0
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + broken + (noneRan ? 1 : 0),
    skipped: skippedNames.length,
    skippedNames,
    failures,
    note: noneRan ? "no test ran" : undefined,
  }
}

/**
 * The chaos scenarios in their CI size, in two runs side by side, each with its own sandbox,
 * database and Medusa: the production topology (Redis, two servers and a worker, mostly
 * waiting on kills, restarts and the worker's runs) and all the others. Each ends with the
 * secrets scan of its own logs. Each scenario counts as one test.
 */
const CHAOS_RUNS = [
  { name: "production", args: ["--only=production,secrets"] },
  // Two instances runs in the full chaos suite only: the production scenario also sends each
  // paid loan's webhook to two servers at once, on Redis.
  { name: "others", args: ["--except=production,two-instances"] },
]

/** Runs them, their reports written into `reports` (see collectChaosReports). */
async function chaos(reports: string): Promise<void> {
  const started = Date.now()
  const runs = await Promise.all(CHAOS_RUNS.map((run) => chaosRun(run.name, run.args, reports)))
  const count = (key: "passed" | "failed"): number => runs.reduce((sum, run) => sum + (run.summary?.[key] ?? 0), 0)
  results.push({
    suite: "chaos",
    passed: count("passed"),
    failed: count("failed") + runs.filter((run) => !run.summary).length,
    ms: Date.now() - started,
    failures: runs.flatMap((run) => run.failures),
  })
}

/**
 * Copies the chaos reports into artifacts/chaos. Not earlier: a write under the project
 * restarts the browser demo's `medusa develop`, so the browser suite must be done first.
 */
function collectChaosReports(reports: string): void {
  const dir = join("artifacts", "chaos")
  mkdirSync(dir, { recursive: true })
  for (const file of readdirSync(reports)) copyFileSync(join(reports, file), join(dir, file))
  rmSync(reports, { recursive: true, force: true })
}

/**
 * One chaos process; its lines carry its name. Its counts, or null when it printed none, and each
 * failed scenario with the failures it listed under its `FAIL` line (scripts/chaos/index.ts).
 */
async function chaosRun(
  name: string,
  args: string[],
  reports: string,
): Promise<{ summary: { passed: number; failed: number } | null; failures: FailedTest[] }> {
  // Set from a callback, which TypeScript's narrowing does not follow: hence the cast.
  let summary = null as { passed: number; failed: number } | null
  const failures: FailedTest[] = []
  let scenario = ""
  let failing: FailedTest | undefined
  try {
    await runToEnd(bin("ts-node"), ["--transpile-only", "scripts/chaos/index.ts", "--quick", ...args], {
      quiet: true,
      env: { BNPL_CHAOS_REPORT_DIR: reports },
      onLine: (line) => {
        console.log(`(chaos ${name}) ${line}`)
        const match = line.match(/^(\d+) passed, (\d+) failed$/)
        if (match) summary = { passed: Number(match[1]), failed: Number(match[2]) }
        const started = line.match(/^\[chaos\] ── (.+)$/)
        if (started) [scenario, failing] = [started[1], undefined]
        else if (/^ {3}FAIL \(/.test(line)) failures.push((failing = { name: `chaos: ${scenario}`, message: "" }))
        else if (failing && line.startsWith("     ")) failing.message += `${line.trim()}\n`
      },
    })
  } catch {
    // counted by the caller
  }
  return { summary, failures }
}

/** One line per suite, the skipped tests by name, then the totals line CI reads. */
function printSummary(): number {
  console.log("")
  // Suites that ran side by side end in any order; the summary keeps one.
  const ordered = [...results].sort((a, b) => SUITES.indexOf(a.suite) - SUITES.indexOf(b.suite))
  for (const r of ordered) {
    const skipped = r.skipped ? ` ${String(r.skipped).padStart(3)} skipped` : ""
    const note = r.note ? `  (${r.note})` : ""
    console.log(
      `  ${r.suite.padEnd(10)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed${skipped}  ${(r.ms / 1000).toFixed(1)} s${note}`,
    )
  }
  const skippedNames = results.flatMap((r) => r.skippedNames ?? [])
  if (skippedNames.length) console.log(`\nSkipped:\n${skippedNames.map((name) => `  - ${name}`).join("\n")}`)
  for (const line of failureDigest(results.flatMap((r) => r.failures ?? []))) console.log(line)
  const passed = results.reduce((n, r) => n + r.passed, 0)
  const failed = results.reduce((n, r) => n + r.failed, 0)
  const skipped = results.reduce((n, r) => n + (r.skipped ?? 0), 0)
  // The last line is read by CI: `N passed, N failed`, with `, N skipped` only when some were.
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`)
  return failed
}

async function main(): Promise<void> {
  // A misspelt suite would otherwise run nothing and end green.
  const unknown = only.filter((name) => !SUITES.includes(name))
  if (unknown.length) {
    console.error(`[test] no suite ${unknown.join(", ")}; choose from ${SUITES.join(", ")} (words after \`--\` filter test files)`)
    process.exit(1)
  }
  // Only the jest suites read the database: `npm test -- typecheck` or `-- chaos` starts none.
  const db = JEST_SUITES.some(wanted) ? await database() : NO_DATABASE
  // Lint is long on one core, needs nothing and nobody waits for it: it runs from the start at
  // the lowest priority, on whatever the other suites leave idle.
  const linted = wanted("lint") ? lint(19) : undefined
  const preinstalled = preinstall()
  // On the cores the typecheck and the unit suite leave idle (see migrated-template.ts).
  const template = wanted("http") && db !== NO_DATABASE && !process.env.DATABASE_URL ? templateForHttp(db) : undefined
  try {
    // The typecheck is one compiler process, done in a third of the unit suite's time: side by
    // side with the unit files two at a time, which then have both cores (in band, the unit suite
    // alone took 142 s of a quiet machine, and the second core sat idle for a minute of it).
    await Promise.all([wanted("typecheck") ? typecheck() : undefined, wanted("unit") ? jest("unit", "unit", db.env, { workers: 2 }) : undefined])
    // Each http spec file boots its own Medusa (and sandbox) on its own database and ports, and
    // spends much of its time waiting on PostgreSQL and HTTP: three at a time keep 2 cores
    // busy. Nothing else runs at full priority beside them: some tests count on timely answers
    // (the service time-out of the http suite, 4 s).
    if (wanted("http")) {
      // integration-tests/setup.js: the runner then skips its own migration of each file's copy.
      const migrated: Record<string, string> = (await template) ? { BNPL_TEST_TEMPLATE_MIGRATED: "1" } : {}
      await jest("http", "integration:http", { ...db.env, ...migrated }, { workers: 3 })
    }
    // Chaos, timing-sensitive too (a Medusa killed mid-completion, short service time-outs), runs at
    // full priority, and much of it is waiting (on restarts, reconciliation, webhook retries).
    // The browser suite (Chromium, the admin's first compile) and the packaging test (npm pack
    // and install) only take longer on busy cores: they fill those gaps at lower priorities.
    // Chaos's reports reach artifacts/ only after all three (see collectChaosReports).
    await preinstalled
    const chaosReports = mkdtempSync(join(tmpdir(), "bnpl-chaos-reports-"))
    await Promise.all([
      wanted("chaos") ? chaos(chaosReports) : undefined,
      wanted("browser") ? jest("browser", "browser", db.env, { niceness: 5 }) : undefined,
      wanted("package") ? jest("package", "package", db.env, { niceness: 10 }) : undefined,
    ])
    collectChaosReports(chaosReports)
    await linted
  } finally {
    await db.stop()
  }
  process.exit(printSummary() ? 1 : 0)
}

main().catch((error: unknown) => {
  console.error(`[test] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
  process.exit(1)
})
