// `npm start`: the demo store. PostgreSQL (embedded unless DATABASE_URL is set), the bundled
// sandbox of the financing service (unless BNPL_AUTH_URL and BNPL_BASE_URL are set), migrations,
// the seed, then `medusa develop` with its admin. Ctrl-C stops everything it started.
// Medusa's output goes to `<data folder>/medusa.log`; its warnings and errors also show here
// (all of it with BNPL_VERBOSE=1).
import { resolve } from "node:path"
import { createMedusaLog } from "./lib/medusa-log.mjs"
import { run, runToEnd, stopAllAndWait, waitForUrl } from "./lib/proc.mjs"

const env = process.env
const PORT = Number(env.PORT || 9000)
const PG_PORT = Number(env.PG_PORT || 54329)
const SANDBOX_PORT = Number(env.SANDBOX_PORT || 4010)
const DATA_DIR = env.BNPL_DATA_DIR || ".data"
const backendUrl = env.BNPL_BACKEND_URL || `http://localhost:${PORT}`
const bin = (name) => resolve("node_modules/.bin", name)
const say = (line) => console.log(`[bnpl] ${line}`)
const medusaLog = createMedusaLog(resolve(DATA_DIR, "medusa.log"), { verbose: Boolean(env.BNPL_VERBOSE) })
const logged = { quiet: true, onLine: (line) => medusaLog.line(line) }

let postgres
let stopping = false

async function stop(code = 0) {
  if (stopping) return
  stopping = true
  say("stopping…")
  await stopAllAndWait()
  await postgres?.stop().catch(() => {})
  await medusaLog.close()
  process.exit(code)
}
process.on("SIGINT", () => stop(0))
process.on("SIGTERM", () => stop(0))

async function database() {
  if (env.DATABASE_URL) {
    say("using DATABASE_URL; no embedded PostgreSQL started")
    return env.DATABASE_URL
  }
  const { startPostgres } = await import("./lib/postgres.mjs")
  postgres = await startPostgres({ dataDir: `${DATA_DIR}/postgres`, port: PG_PORT, database: "medusa_bnpl" })
  say(`embedded PostgreSQL on port ${PG_PORT} (data in ${DATA_DIR}/postgres)`)
  return postgres.url
}

async function sandbox() {
  if (env.BNPL_AUTH_URL && env.BNPL_BASE_URL) {
    say(`using the service at ${env.BNPL_AUTH_URL}; no sandbox started`)
    return undefined
  }
  const url = `http://localhost:${SANDBOX_PORT}`
  const child = run(bin("ts-node"), ["--transpile-only", "src/sandbox/cli.ts", "serve", "--port", String(SANDBOX_PORT), "--persist", `${DATA_DIR}/sandbox.json`], {
    onLine: (line) => line.includes("[sandbox]") && !line.includes("listening") && console.log(line),
    quiet: true,
  })
  await waitForUrl(`${url}/_sandbox/loans`, { child, timeoutMs: 30_000 })
  return {
    url,
    env: {
      BNPL_AUTH_URL: `${url}/api`,
      BNPL_BASE_URL: url,
      BNPL_API_TOKEN: env.BNPL_API_TOKEN || "sandbox-api-token",
      BNPL_MERCHANT_ID: env.BNPL_MERCHANT_ID || "1001",
      BNPL_SHOP_ID: env.BNPL_SHOP_ID || "demo-shop",
    },
  }
}

async function main() {
  const [databaseUrl, service] = await Promise.all([database(), sandbox()])
  const medusaEnv = {
    DATABASE_URL: databaseUrl,
    PORT: String(PORT),
    BNPL_BACKEND_URL: backendUrl,
    MEDUSA_DISABLE_TELEMETRY: "true",
    ...service?.env,
  }

  say(`Medusa's log: ${medusaLog.path} (warnings and errors show here too; BNPL_VERBOSE=1 shows all)`)
  say("migrating the database…")
  await runToEnd(bin("medusa"), ["db:migrate"], { env: medusaEnv, ...logged })
  say("seeding the demo store (first run only)…")
  let store
  await runToEnd(bin("medusa"), ["exec", "./src/scripts/seed.ts"], {
    env: medusaEnv,
    ...logged,
    onLine: (line) => {
      medusaLog.line(line)
      const at = line.indexOf("BNPL_DEMO_STORE ")
      if (at >= 0) store = JSON.parse(line.slice(at + "BNPL_DEMO_STORE ".length))
    },
  })

  say("starting Medusa with its admin…")
  const medusa = run(bin("medusa"), ["develop"], { env: medusaEnv, ...logged })
  medusa.on("exit", (code) => !stopping && (say(`Medusa exited with ${code}`), stop(code ?? 1)))
  await waitForUrl(`http://localhost:${PORT}/health`, { child: medusa, timeoutMs: 180_000 })

  console.log(
    [
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
  )
}

main().catch((error) => {
  console.error(`[bnpl] could not start: ${error.message}\n[bnpl] Medusa's whole log: ${medusaLog.path}`)
  stop(1)
})
