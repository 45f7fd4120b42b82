import { resolve } from "node:path"
import { runToEnd } from "./proc"

/**
 * Migrates `template1` of a throwaway PostgreSQL server with this project's Medusa: every
 * database created on it afterwards without a TEMPLATE clause is a copy of template1
 * (PostgreSQL's default), so Medusa's test runner finds each http file's new database
 * migrated and only checks it, where it would otherwise migrate every module again (about
 * 8 core-seconds a file, docs/benchmarks.md). Never on a server the run did not start (a
 * DATABASE_URL server keeps its own template1). A database that must start empty names
 * `TEMPLATE template0` (the packaging test's).
 *
 * `server` is the test runner's DB_* variables. The provider's options are placeholders:
 * migrations send the service nothing.
 */
export async function migrateTemplate(server: Record<"DB_HOST" | "DB_PORT" | "DB_USERNAME" | "DB_PASSWORD", string>): Promise<void> {
  const user = encodeURIComponent(server.DB_USERNAME)
  const password = encodeURIComponent(server.DB_PASSWORD)
  await runToEnd(resolve("node_modules/.bin/medusa"), ["db:migrate"], {
    quiet: true,
    env: {
      DATABASE_URL: `postgres://${user}:${password}@${server.DB_HOST}:${server.DB_PORT}/template1`,
      LOG_LEVEL: "error",
      MEDUSA_DISABLE_TELEMETRY: "true",
      BNPL_AUTH_URL: "http://localhost:9/api",
      BNPL_BASE_URL: "http://localhost:9",
      BNPL_API_TOKEN: "placeholder-token-for-migrations",
      BNPL_MERCHANT_ID: "1",
      BNPL_SHOP_ID: "migrations",
      BNPL_WEBHOOK_TOKEN: "placeholder-webhook-token-for-migrations",
      BNPL_DIAGNOSIS_AT_START: "false",
    },
  })
}
