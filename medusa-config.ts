import { defineConfig, loadEnv } from "@medusajs/framework/utils"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

const port = process.env.PORT || "9000"
const backendUrl = process.env.BNPL_BACKEND_URL || `http://localhost:${port}`
const redisUrl = process.env.REDIS_URL

const WORKER_MODES = ["shared", "server", "worker"] as const
type WorkerMode = (typeof WORKER_MODES)[number]

/**
 * `server` answers HTTP (storefront, admin, webhooks), `worker` runs the
 * subscribers and the scheduled jobs (the loan reconciliation among them),
 * `shared` does both: one process on its own, as in development.
 */
function workerMode(value = process.env.MEDUSA_WORKER_MODE || "shared"): WorkerMode {
  const mode = WORKER_MODES.find((candidate) => candidate === value)
  if (!mode) throw new Error(`MEDUSA_WORKER_MODE is "${value}": set it to one of ${WORKER_MODES.join(", ")}`)
  return mode
}
const mode = workerMode()

/**
 * Medusa's production stack. Several Medusa processes (servers and a
 * worker) must share the event bus, the workflow engine, the lock and the
 * cache, or two of them could confirm the same loan at once, and events or
 * scheduled jobs raised in one would never reach another. With REDIS_URL set,
 * all four come from Redis; without it, the in-process defaults serve a
 * single `shared` process (README, "Production deployment").
 */
const sharedInfrastructure = redisUrl
  ? [
      { resolve: "@medusajs/medusa/event-bus-redis", options: { redisUrl } },
      { resolve: "@medusajs/medusa/workflow-engine-redis", options: { redis: { redisUrl } } },
      {
        resolve: "@medusajs/medusa/locking",
        options: {
          providers: [{ resolve: "@medusajs/medusa/locking-redis", id: "locking-redis", is_default: true, options: { redisUrl } }],
        },
      },
      // Medusa reads it once the `caching` feature flag is on (MEDUSA_FF_CACHING=true).
      {
        resolve: "@medusajs/medusa/caching",
        options: {
          providers: [{ resolve: "@medusajs/medusa/caching-redis", id: "caching-redis", is_default: true, options: { redisUrl } }],
        },
      },
    ]
  : []

/**
 * The demo store. `scripts/start.ts` fills in the database and the sandbox's
 * URLs; a real store sets the BNPL_* variables (README, "Configuration").
 */
module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    redisUrl,
    workerMode: mode,
    http: {
      storeCors: process.env.STORE_CORS || `http://localhost:8000,${backendUrl}`,
      adminCors: process.env.ADMIN_CORS || `http://localhost:5173,${backendUrl}`,
      authCors: process.env.AUTH_CORS || `http://localhost:5173,http://localhost:8000,${backendUrl}`,
      jwtSecret: process.env.JWT_SECRET || "supersecret",
      cookieSecret: process.env.COOKIE_SECRET || "supersecret",
    },
  },
  admin: {
    // A worker answers no HTTP: it has no dashboard to serve.
    disable: mode === "worker" || process.env.MEDUSA_ADMIN_DISABLED === "true",
    backendUrl,
  },
  // Medusa's languages (`GET /store/locales`, the starter's language selector) sit behind this flag
  // and the Translation Module; the seed gives the demo store its locales (docs/storefront.md).
  featureFlags: { translation: true },
  modules: [
    ...sharedInfrastructure,
    { resolve: "@medusajs/medusa/translation" },
    // The loan ledger. A store that installs the package gets it with the plugin entry.
    { resolve: "./src/modules/bnpl" },
    {
      resolve: "@medusajs/medusa/payment",
      options: {
        providers: [
          {
            resolve: "./src/providers/bnpl",
            id: "bnpl",
            // Every option falls back to its BNPL_* environment variable.
            options: {
              backendUrl,
              storefrontUrl: process.env.BNPL_STOREFRONT_URL || `${backendUrl}/demo`,
            },
          },
        ],
      },
    },
  ],
})
