// `npm start`: the demo store. PostgreSQL (embedded unless DATABASE_URL is set), the bundled
// sandbox of the financing service (unless BNPL_AUTH_URL and BNPL_BASE_URL are set), migrations,
// the seed, then `medusa develop` with its admin. Ctrl-C stops everything it started.
// Medusa's output goes to `<data folder>/medusa.log`; its warnings and errors also show here
// (all of it with BNPL_VERBOSE=1).
import { resolve } from "node:path"
import type { DemoStore } from "../src/scripts/demo-data"
import { startPostgres, type EmbeddedPostgresServer } from "./harness/embedded-postgres"
import { demoStoreIn } from "./harness/demo-store-line"
import { createMedusaLog } from "./harness/medusa-log"
import { SPAN_LINE } from "./harness/console-spans"
import { run, runToEnd, stopAllAndWait, waitForUrl } from "./harness/proc"
import {
  assertDataFolderCurrent,
  assertPortsFree,
  describeError,
  embeddedPostgresMajor,
  failureLines,
  StartFailure,
  type WantedPort,
} from "./harness/start-failure"

/** The bundled sandbox as Medusa reaches it; undefined when BNPL_* name a real service. */
interface Service {
  url: string
  env: Record<string, string>
}

const env = process.env
const PORT = Number(env.PORT || 9000)
const PG_PORT = Number(env.PG_PORT || 54329)
const SANDBOX_PORT = Number(env.SANDBOX_PORT || 4010)
const DATA_DIR = env.BNPL_DATA_DIR || ".data"
const backendUrl = env.BNPL_BACKEND_URL || `http://localhost:${PORT}`
const bin = (name: string): string => resolve("node_modules/.bin", name)
const say = (line: string): void => console.log(`[bnpl] ${line}`)
const medusaLog = createMedusaLog(resolve(DATA_DIR, "medusa.log"), {
  verbose: Boolean(env.BNPL_VERBOSE),
  // BNPL_OTEL_CONSOLE=1: the plugin's spans, one line each (instrumentation.ts, docs/observability.md).
  show: env.BNPL_OTEL_CONSOLE ? (line) => line.startsWith(SPAN_LINE) : undefined,
})
const logged = { quiet: true, onLine: (line: string) => medusaLog.line(line) }

let postgres: EmbeddedPostgresServer | undefined
let stopping = false

async function stop(code = 0): Promise<void> {
  if (stopping) return
  stopping = true
  say("stopping…")
  await stopAllAndWait()
  await postgres?.stop().catch(() => {})
  await medusaLog.close()
  process.exit(code)
}
process.on("SIGINT", () => void stop(0))
process.on("SIGTERM", () => void stop(0))

/** Before anything starts: every port free, and a data folder this version can open. */
async function preflight(): Promise<void> {
  const ports: WantedPort[] = [
    ...(env.DATABASE_URL ? [] : [{ port: PG_PORT, what: "the embedded PostgreSQL", variable: "PG_PORT" }]),
    ...(useSandbox ? [{ port: SANDBOX_PORT, what: "the sandbox of the financing service", variable: "SANDBOX_PORT" }] : []),
    { port: PORT, what: "Medusa", variable: "PORT" },
  ]
  await assertPortsFree(ports)
  if (!env.DATABASE_URL) assertDataFolderCurrent(resolve(DATA_DIR, "postgres"), "BNPL_DATA_DIR", embeddedPostgresMajor())
}

async function database(): Promise<string> {
  if (env.DATABASE_URL) {
    say("using DATABASE_URL; no embedded PostgreSQL started")
    return env.DATABASE_URL
  }
  // PostgreSQL says why it stopped only in its own output: its last lines go into the failure.
  const output: string[] = []
  try {
    const log = (line: string) => void (line && output.push(line) > 5 && output.shift())
    postgres = await startPostgres({ dataDir: `${DATA_DIR}/postgres`, port: PG_PORT, database: "medusa_bnpl", log })
  } catch (error) {
    const reasons = [error instanceof Error && error.message ? error.message : "", output.length ? `PostgreSQL said: ${output.join(" | ")}` : ""]
    const why = reasons.filter(Boolean).join("; ") || describeError(error)
    throw new StartFailure(
      `the embedded PostgreSQL did not start on port ${PG_PORT} with the data in ${DATA_DIR}/postgres (${why}).`,
      `if another PostgreSQL took the port, set PG_PORT to a free one; if the folder is damaged or from another version, set BNPL_DATA_DIR to a new folder (or move ${DATA_DIR} away).`,
    )
  }
  say(`embedded PostgreSQL on port ${PG_PORT} (data in ${DATA_DIR}/postgres)`)
  return postgres.url
}

const useSandbox = !(env.BNPL_AUTH_URL && env.BNPL_BASE_URL)

async function sandbox(): Promise<Service | undefined> {
  if (!useSandbox) {
    say(`using the service at ${env.BNPL_AUTH_URL}; no sandbox started`)
    return undefined
  }
  const url = `http://localhost:${SANDBOX_PORT}`
  const child = run(
    bin("ts-node"),
    ["--transpile-only", "packages/sandbox/cli.ts", "serve", "--port", String(SANDBOX_PORT), "--persist", `${DATA_DIR}/sandbox.json`],
    {
      onLine: (line) => void (line.includes("[sandbox]") && !line.includes("listening") && console.log(line)),
      quiet: true,
    },
  )
  await waitForUrl(`${url}/_sandbox/loans`, { child, timeoutMs: 30_000 }).catch((error: unknown) => {
    throw new StartFailure(
      `the sandbox did not start on port ${SANDBOX_PORT} (${describeError(error)}).`,
      `if another process took the port, set SANDBOX_PORT to a free one; a damaged ${DATA_DIR}/sandbox.json can be removed (it holds the sandbox's loans).`,
    )
  })
  return {
    url,
    env: {
      BNPL_AUTH_URL: `${url}/api`,
      BNPL_BASE_URL: url,
      BNPL_API_TOKEN: env.BNPL_API_TOKEN || "sandbox-api-token",
      BNPL_MERCHANT_ID: env.BNPL_MERCHANT_ID || "1001",
      BNPL_SHOP_ID: env.BNPL_SHOP_ID || "demo-shop",
      // Sales by phone at the sandbox's first branch ("Matriz"), Send again through its merchant host:
      // an order whose collection asks for money shows the card, and the link lands in the sandbox's /outbox.
      BNPL_IN_STORE_SHOP_ID: env.BNPL_IN_STORE_SHOP_ID || "1",
      BNPL_MERCHANT_URL: env.BNPL_MERCHANT_URL || url,
    },
  }
}

/** Migrations, then the seed (which does nothing after the first run); the store it reports. */
async function prepareDatabase(medusaEnv: Record<string, string>): Promise<DemoStore | undefined> {
  say("migrating the database…")
  await runToEnd(bin("medusa"), ["db:migrate"], { env: medusaEnv, ...logged }).catch((error: unknown) => {
    throw new StartFailure(
      `the database migrations failed (${describeError(error)}); Medusa's reasons are in ${medusaLog.path}.`,
      `if ${DATA_DIR} was made by another version of this demo, set BNPL_DATA_DIR to a new folder (or move ${DATA_DIR} away); the demo seeds a new one.`,
    )
  })
  say("seeding the demo store (first run only)…")
  let store: DemoStore | undefined
  await runToEnd(bin("medusa"), ["exec", "./src/scripts/seed.ts"], {
    env: medusaEnv,
    ...logged,
    onLine: (line) => {
      medusaLog.line(line)
      store = demoStoreIn(line) ?? store
    },
  })
  return store
}

async function startMedusa(medusaEnv: Record<string, string>): Promise<void> {
  say("starting Medusa with its admin…")
  const medusa = run(bin("medusa"), ["develop"], { env: medusaEnv, ...logged })
  medusa.on("exit", (code) => {
    if (stopping) return
    say(`Medusa exited with ${code}`)
    void stop(code ?? 1)
  })
  await waitForUrl(`http://localhost:${PORT}/health`, { child: medusa, timeoutMs: 180_000 }).catch((error: unknown) => {
    throw new StartFailure(
      `Medusa did not answer on port ${PORT} (${describeError(error)}); its reasons are in ${medusaLog.path}.`,
      `if another process took the port, set PORT to a free one; otherwise read the log's last errors.`,
    )
  })
}

/** What a person needs to try the demo; the browser tests wait for its second line. */
function banner(store: DemoStore | undefined, service: Service | undefined): string {
  return [
    "",
    "  medusa-payment-bnpl demo store is running",
    "",
    `  Admin          ${backendUrl}/app`,
    `                 ${env.ADMIN_EMAIL || "admin@example.com"} / ${env.ADMIN_PASSWORD ? "(ADMIN_PASSWORD)" : "supersecret"}`,
    `  Store API      ${backendUrl}/store`,
    `  Publishable key ${store?.publishableKey ?? "(see the admin: Settings > Publishable API keys)"}`,
    `  Demo checkout  ${backendUrl}/demo`,
    service ? `  Sandbox        ${service.url}  (npm run sandbox -- help)` : `  Service        ${env.BNPL_AUTH_URL}`,
    `  Webhook URL    ${backendUrl}/hooks/bnpl`,
    `  Medusa log     ${medusaLog.path}`,
    "",
    "  Ctrl-C stops everything.",
    "",
  ].join("\n")
}

async function main(): Promise<void> {
  await preflight()
  const [databaseUrl, service] = await Promise.all([database(), sandbox()])
  const medusaEnv: Record<string, string> = {
    DATABASE_URL: databaseUrl,
    PORT: String(PORT),
    BNPL_BACKEND_URL: backendUrl,
    MEDUSA_DISABLE_TELEMETRY: "true",
    ...service?.env,
  }
  say(`Medusa's log: ${medusaLog.path} (warnings and errors show here too; BNPL_VERBOSE=1 shows all)`)
  const store = await prepareDatabase(medusaEnv)
  await startMedusa(medusaEnv)
  console.log(banner(store, service))
}

main().catch((error: unknown) => {
  console.error([...failureLines(error), `[bnpl] Medusa's whole log: ${medusaLog.path}`].join("\n"))
  void stop(1)
})
