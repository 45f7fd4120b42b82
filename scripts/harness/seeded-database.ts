import { randomBytes } from "node:crypto"
import type { DemoStore } from "../../src/scripts/demo-data"
import { demoStoreIn } from "./demo-store-line"
import type { LogFile } from "./log-file"
import { runMedusaCommand } from "./medusa"

/**
 * Migrates and seeds the demo store into the database at `databaseUrl`, as Stack.start does for
 * its own: for a figure that needs a database on another server. Migrations and the seed send
 * the service nothing, so the provider's options are placeholders.
 */
export async function migrateAndSeed(databaseUrl: string, log: LogFile): Promise<DemoStore> {
  const env = {
    NODE_ENV: "development",
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "info",
    MEDUSA_DISABLE_TELEMETRY: "true",
    MEDUSA_ADMIN_DISABLED: "true",
    ADMIN_EMAIL: "seeded-admin@example.com",
    ADMIN_PASSWORD: randomBytes(18).toString("hex"),
    BNPL_AUTH_URL: "http://localhost:9/api",
    BNPL_BASE_URL: "http://localhost:9",
    BNPL_BACKEND_URL: "http://localhost:9",
    BNPL_API_TOKEN: "placeholder-token-for-migrations",
    BNPL_MERCHANT_ID: "1",
    BNPL_SHOP_ID: "migrations",
    BNPL_WEBHOOK_TOKEN: "placeholder-webhook-token-for-migrations",
    BNPL_DIAGNOSIS_AT_START: "false",
  }
  await runMedusaCommand(["db:migrate"], env, log)
  await runMedusaCommand(["exec", "./src/scripts/seed.ts"], env, log)
  const store = log.lines().reverse().map(demoStoreIn).find(Boolean)
  if (!store) throw new Error(`the seed printed no BNPL_DEMO_STORE line (see ${log.path})`)
  return store
}
