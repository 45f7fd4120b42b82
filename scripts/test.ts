// `npm test`: the typecheck and every suite, against a throwaway embedded PostgreSQL
// (or DATABASE_URL's server), then one line of our own: `N passed, N failed` (`, N skipped`
// appended when tests were skipped; they are listed above it). A suite that runs no test fails.
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, relative, resolve } from "node:path"
import { startPostgres } from "./harness/embedded-postgres"
import { freePort } from "./harness/free-port"
import { runToEnd } from "./harness/proc"

interface SuiteResult {
  suite: string
  passed: number
  failed: number
  skipped?: number
  skippedNames?: string[]
  note?: string
  ms: number
}

/** The part of jest's `--json` report this runner reads. */
interface JestReport {
  numPassedTests: number
  numFailedTests: number
  testResults: Array<{ name: string; status: string; assertionResults: Array<{ status: string; fullName: string }> }>
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
const SUITES = ["typecheck", ...JEST_SUITES, "chaos"]
const NO_DATABASE: Database = { env: {}, stop: async () => {} }

async function database(): Promise<Database> {
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL)
    return {
      env: { DB_HOST: url.hostname, DB_PORT: url.port || "5432", DB_USERNAME: decodeURIComponent(url.username), DB_PASSWORD: decodeURIComponent(url.password) },
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

async function typecheck(): Promise<void> {
  const started = Date.now()
  try {
    await runToEnd(bin("tsc"), ["--noEmit", "-p", "tsconfig.json"])
    results.push({ suite: "typecheck", passed: 1, failed: 0, ms: Date.now() - started })
  } catch {
    results.push({ suite: "typecheck", passed: 0, failed: 1, ms: Date.now() - started })
  }
}

/**
 * `workers`: test files run side by side. Each http spec file boots its own Medusa on its own
 * database (named after the jest worker) and its own ports, and spends much of its time waiting
 * on PostgreSQL and HTTP, so two of them share the 2 cores well.
 */
async function jest(suite: string, testType: string, env: Record<string, string>, workers = 1): Promise<void> {
  const started = Date.now()
  const outputFile = join(tmpdir(), `bnpl-jest-${suite}-${process.pid}.json`)
  try {
    // No --passWithNoTests: a suite asked for that runs nothing is a failure, not a green line.
    const parallel = workers > 1 ? [`--maxWorkers=${workers}`] : ["--runInBand"]
    await runToEnd(bin("jest"), [...parallel, "--forceExit", "--json", `--outputFile=${outputFile}`, ...patterns], {
      env: { ...env, TEST_TYPE: testType, LOG_LEVEL: process.env.LOG_LEVEL || "error", NODE_OPTIONS: "--experimental-vm-modules", MEDUSA_DISABLE_TELEMETRY: "true" },
    })
  } catch {
    // counted below from the report
  }
  results.push({ suite, ...countReport(readReport(outputFile)), ms: Date.now() - started })
}

function readReport(file: string): JestReport | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as JestReport
  } catch {
    return null
  } finally {
    rmSync(file, { force: true })
  }
}

/** Passed, failed and skipped tests of one jest report; a missing report or one that ran nothing fails. */
function countReport(report: JestReport | null): Omit<SuiteResult, "suite" | "ms"> {
  if (!report) return { passed: 0, failed: 1, skipped: 0, skippedNames: [], note: "jest wrote no report: no test file matched, or jest crashed" }
  // A file that failed to load has no test results but must still count as a failure.
  const broken = report.testResults.filter((r) => r.status === "failed" && !r.assertionResults.length).length
  const skippedNames = report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === "pending" || test.status === "todo" || test.status === "skipped")
      .map((test) => `${relative(process.cwd(), file.name)}: ${test.fullName}`),
  )
  const ran = report.numPassedTests + report.numFailedTests
  const noneRan = ran === 0 && broken === 0
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + broken + (noneRan ? 1 : 0),
    skipped: skippedNames.length,
    skippedNames,
    note: noneRan ? "no test ran" : undefined,
  }
}

/** The chaos scenarios in their CI size; each scenario counts as one test. */
async function chaos(): Promise<void> {
  const started = Date.now()
  // Set from a callback, which TypeScript's narrowing does not follow: hence the cast.
  let summary = null as { passed: number; failed: number } | null
  try {
    await runToEnd(bin("ts-node"), ["--transpile-only", "scripts/chaos/index.ts", "--quick"], {
      onLine: (line) => {
        const match = line.match(/^(\d+) passed, (\d+) failed$/)
        if (match) summary = { passed: Number(match[1]), failed: Number(match[2]) }
      },
    })
  } catch {
    // counted below
  }
  results.push({ suite: "chaos", ...(summary ?? { passed: 0, failed: 1 }), ms: Date.now() - started })
}

/** One line per suite, the skipped tests by name, then the totals line CI reads. */
function printSummary(): number {
  console.log("")
  for (const r of results) {
    const skipped = r.skipped ? ` ${String(r.skipped).padStart(3)} skipped` : ""
    const note = r.note ? `  (${r.note})` : ""
    console.log(`  ${r.suite.padEnd(10)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed${skipped}  ${(r.ms / 1000).toFixed(1)} s${note}`)
  }
  const skippedNames = results.flatMap((r) => r.skippedNames ?? [])
  if (skippedNames.length) console.log(`\nSkipped:\n${skippedNames.map((name) => `  - ${name}`).join("\n")}`)
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
  try {
    // The typecheck is one compiler process and the unit suite another: side by side.
    await Promise.all([wanted("typecheck") ? typecheck() : undefined, wanted("unit") ? jest("unit", "unit", db.env) : undefined])
    if (wanted("http")) await jest("http", "integration:http", db.env, 2)
    // The browser suite waits on Chromium and the admin's first compile; the packaging test on
    // npm (pack, install): side by side, they keep both cores busy. Chaos, timing-sensitive, runs alone.
    await Promise.all([wanted("browser") ? jest("browser", "browser", db.env) : undefined, wanted("package") ? jest("package", "package", db.env) : undefined])
    if (wanted("chaos")) await chaos()
  } finally {
    await db.stop()
  }
  process.exit(printSummary() ? 1 : 0)
}

main().catch((error: unknown) => {
  console.error(`[test] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
  process.exit(1)
})
