import { randomBytes } from "node:crypto"
import { join } from "node:path"
import { startSandbox, type Sandbox } from "../../packages/sandbox"
import type { DemoStore } from "../../src/scripts/demo-data"
import { demoStoreIn } from "./demo-store-line"
import { LogFile } from "./log-file"
import { MedusaProcess, runMedusaCommand } from "./medusa"
import { startDatabase, type Database } from "./postgres"
import { freePort } from "./free-port"
import { SandboxProbe } from "./sandbox-probe"
import { onTeardown } from "./teardown"
import { notDuringThisRun } from "./schedule"

export type WebhookAuthMode = "bearer" | "jwt"

export interface StackOptions {
  /** "bench" or "chaos": names the database and the log files. */
  name: string
  artifacts: string
  webhookAuth: WebhookAuthMode
  /** BNPL_TIMEOUT_MS of every Medusa process. */
  timeoutMs: number
  /** BNPL_WEBHOOK_ANSWER_MS of every Medusa process; unset, the plugin's default. */
  webhookAnswerMs?: number
}

/** Fresh per run, so that a token found in a log line can only have come from this run. */
export interface Secrets {
  apiToken: string
  webhookToken: string
  merchantId: number
  shopId: string
  admin: { email: string; password: string }
  /** Medusa's JWT and cookie secret: shared by every instance, so an admin token works on all. */
  sessionSecret: string
}

/**
 * The whole system under test: the sandbox in this process (probed), a fresh PostgreSQL
 * database, migrated and seeded with the demo store, and any number of Medusa processes.
 */
export class Stack {
  private constructor(
    readonly options: StackOptions,
    readonly secrets: Secrets,
    readonly sandbox: Sandbox,
    readonly probe: SandboxProbe,
    readonly db: Database,
    readonly store: DemoStore,
    readonly sandboxLog: LogFile,
  ) {}

  static async start(options: StackOptions): Promise<Stack> {
    const secrets = newSecrets()
    const sandboxLog = new LogFile(join(options.artifacts, "sandbox.log"))
    const [probed, db] = await Promise.all([startProbedSandbox(secrets, options.webhookAuth, sandboxLog), startDatabase(options.name)])
    const setupLog = new LogFile(join(options.artifacts, "medusa-setup.log"))
    // Migrations and the seed boot Medusa too; no webhook is ever sent to this placeholder.
    const env = medusaEnv(options, secrets, probed.sandbox, db.url, { BNPL_BACKEND_URL: "http://localhost:9" })
    const store = await migrateAndSeed(env, setupLog)
    return new Stack(options, secrets, probed.sandbox, probed.probe, db, store, sandboxLog)
  }

  /**
   * Migrates and seeds the demo store into another database, as `start` does its own: for a figure
   * that needs a server of its own. Migrations and the seed send nothing to the backend URL.
   */
  async seedDatabase(databaseUrl: string, log: LogFile): Promise<DemoStore> {
    return migrateAndSeed(medusaEnv(this.options, this.secrets, this.sandbox, databaseUrl, { BNPL_BACKEND_URL: "http://localhost:9" }), log)
  }

  /** Starts one more Medusa process on a free port; `extraEnv` wins over the defaults. */
  async medusa(name: string, extraEnv: Record<string, string> = {}, { inspect = false } = {}): Promise<{ process: MedusaProcess; bootMs: number }> {
    const port = await freePort()
    const env = medusaEnv(this.options, this.secrets, this.sandbox, this.db.url, { BNPL_BACKEND_URL: `http://localhost:${port}`, ...extraEnv })
    const inspectPort = inspect ? await freePort() : undefined
    const medusa = new MedusaProcess(name, port, env, new LogFile(join(this.options.artifacts, `medusa-${name}.log`)), inspectPort)
    const bootMs = await medusa.start()
    return { process: medusa, bootMs }
  }
}

function newSecrets(): Secrets {
  const token = (prefix: string): string => `${prefix}-${randomBytes(18).toString("hex")}`
  return {
    apiToken: token("api"),
    webhookToken: token("hook"),
    merchantId: 1001,
    shopId: "bench-shop",
    admin: { email: "bench-admin@example.com", password: token("admin") },
    sessionSecret: token("session"),
  }
}

async function startProbedSandbox(secrets: Secrets, auth: WebhookAuthMode, log: LogFile): Promise<{ sandbox: Sandbox; probe: SandboxProbe }> {
  const sandbox = await startSandbox({
    merchants: [{ merchantId: secrets.merchantId, apiToken: secrets.apiToken, name: "Bench Shop", approved: true }],
    // Retries are beyond what the service promises; the figures were measured with them.
    webhook: { auth, token: secrets.webhookToken, retries: 3 },
    log: (line) => log.write(line),
  })
  onTeardown("sandbox", () => sandbox.close())
  return { sandbox, probe: new SandboxProbe(sandbox.state) }
}

function medusaEnv(
  options: StackOptions,
  secrets: Secrets,
  service: { authUrl: string; baseUrl: string; merchantUrl: string },
  databaseUrl: string,
  extra: Record<string, string> & { BNPL_BACKEND_URL: string },
): Record<string, string> {
  return {
    NODE_ENV: "development",
    DATABASE_URL: databaseUrl,
    MEDUSA_DISABLE_TELEMETRY: "true",
    MEDUSA_ADMIN_DISABLED: "true",
    LOG_LEVEL: "info",
    JWT_SECRET: secrets.sessionSecret,
    COOKIE_SECRET: secrets.sessionSecret,
    ADMIN_EMAIL: secrets.admin.email,
    ADMIN_PASSWORD: secrets.admin.password,
    BNPL_AUTH_URL: service.authUrl,
    BNPL_BASE_URL: service.baseUrl,
    BNPL_API_TOKEN: secrets.apiToken,
    BNPL_MERCHANT_ID: String(secrets.merchantId),
    BNPL_SHOP_ID: secrets.shopId,
    // Sales by phone on, as a store selling in its branches has them: the money model sends links.
    BNPL_IN_STORE_SHOP_ID: "1",
    BNPL_MERCHANT_URL: service.merchantUrl,
    BNPL_STOREFRONT_URL: "http://localhost:8000",
    BNPL_WEBHOOK_AUTH: options.webhookAuth,
    BNPL_WEBHOOK_TOKEN: secrets.webhookToken,
    BNPL_TIMEOUT_MS: String(options.timeoutMs),
    ...(options.webhookAnswerMs ? { BNPL_WEBHOOK_ANSWER_MS: String(options.webhookAnswerMs) } : {}),
    BNPL_RECONCILE_GRACE_SECONDS: "0",
    BNPL_RECONCILE_SCHEDULE: notDuringThisRun(),
    BNPL_PRUNE_SCHEDULE: notDuringThisRun(),
    ...extra,
  }
}

async function migrateAndSeed(env: Record<string, string>, log: LogFile): Promise<DemoStore> {
  await runMedusaCommand(["db:migrate"], env, log)
  await runMedusaCommand(["exec", "./src/scripts/seed.ts"], env, log)
  const store = log.lines().reverse().map(demoStoreIn).find(Boolean)
  if (!store) throw new Error(`the seed printed no BNPL_DEMO_STORE line (see ${log.path})`)
  return store
}
