import { defineConfig, loadEnv } from "@medusajs/framework/utils"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

const port = process.env.PORT || "9000"
const backendUrl = process.env.BNPL_BACKEND_URL || `http://localhost:${port}`
const redisUrl = process.env.REDIS_URL

/**
 * Several Medusa processes need a shared event bus and a shared lock, or two
 * of them could confirm the same loan at once. With REDIS_URL set, both come
 * from Redis; without it, the in-process defaults serve a single process.
 */
const sharedInfrastructure = redisUrl
  ? [
      { resolve: "@medusajs/medusa/event-bus-redis", options: { redisUrl } },
      {
        resolve: "@medusajs/medusa/locking",
        options: {
          providers: [{ resolve: "@medusajs/medusa/locking-redis", id: "locking-redis", is_default: true, options: { redisUrl } }],
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
    http: {
      storeCors: process.env.STORE_CORS || `http://localhost:8000,${backendUrl}`,
      adminCors: process.env.ADMIN_CORS || `http://localhost:5173,${backendUrl}`,
      authCors: process.env.AUTH_CORS || `http://localhost:5173,http://localhost:8000,${backendUrl}`,
      jwtSecret: process.env.JWT_SECRET || "supersecret",
      cookieSecret: process.env.COOKIE_SECRET || "supersecret",
    },
  },
  admin: {
    disable: process.env.MEDUSA_ADMIN_DISABLED === "true",
    backendUrl,
  },
  modules: [
    ...sharedInfrastructure,
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
