import { defineConfig, loadEnv } from "@medusajs/framework/utils"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

const port = process.env.PORT || "9000"
const backendUrl = process.env.BNPL_BACKEND_URL || `http://localhost:${port}`

/**
 * The demo store. `scripts/start.ts` fills in the database and the sandbox's
 * URLs; a real store sets the BNPL_* variables (README, "Configuration").
 */
module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
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
