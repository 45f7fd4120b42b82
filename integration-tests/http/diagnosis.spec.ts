import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { freePort } from "../../scripts/harness/free-port"
import type { CheckResult } from "../../src/diagnosis/types"
import { bnplFromContainer } from "../../src/lib/options/resolve-options"
import { startSandbox } from "../../packages/sandbox"
import { MERCHANT, useSandbox } from "../helpers/environment"
import { reconciled } from "../helpers/reconcile"
import { adminHeaders, useStorefront } from "../helpers/store"

jest.setTimeout(90_000)

// The demo storefront's pages are the return URLs, as in the demo store (medusa-config.ts).
const env = useSandbox({}, (backendUrl) => ({ BNPL_STOREFRONT_URL: `${backendUrl}/demo` }))

/**
 * The diagnosis against the sandbox, each failure injected the way it happens to a merchant:
 * credentials the service does not know, the service gone, a public URL that leads nowhere,
 * a region left without the provider, production on in-process modules, no reconciliation.
 */
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const shop = useStorefront(env, api, getContainer)

    async function diagnose(): Promise<Record<string, CheckResult>> {
      const response = await api.get("/admin/bnpl/diagnosis", await adminHeaders(api))
      expect(response.status).toBe(200)
      const checks: CheckResult[] = response.data.checks
      return Object.fromEntries(checks.map((check) => [check.id, check]))
    }

    const statuses = (checks: Record<string, CheckResult>) => Object.fromEntries(Object.values(checks).map((c) => [c.id, c.status]))

    it("answers 401 without an admin session", async () => {
      const response = await api.get("/admin/bnpl/diagnosis", { validateStatus: () => true })
      expect(response.status).toBe(401)
    })

    it("passes every check on the test store once a reconciliation has run", async () => {
      await reconciled(api, await adminHeaders(api))
      const checks = await diagnose()
      expect(statuses(checks)).toEqual({
        options: "ok",
        credentials: "ok",
        pos_endpoints: "ok",
        backend_url: "ok",
        return_urls: "ok",
        regions: "ok",
        sales_by_phone: "ok",
        clock: "ok",
        topology: "ok",
        reconciliation_worker: "ok",
        last_reconciliation: "ok",
        attention: "ok",
        webhook_deliveries: "ok",
        medusa_version: "ok",
      })
      expect(Object.values(checks).every((check) => check.fix === null)).toBe(true)
      // The probe's two requests reached the service with the merchant's credentials.
      expect(env.sandbox.state.requests.map((r) => r.path)).toEqual(
        expect.arrayContaining(["/api/auth", "/api/pos/loan/bnpl-diagnosis-probe", "/api/pos/loan/refund/bnpl-diagnosis-probe"]),
      )
    })

    it("warns when no reconciliation has run, and says how to run one", async () => {
      const { last_reconciliation } = await diagnose()
      expect(last_reconciliation).toEqual(expect.objectContaining({ status: "warn", fix: expect.stringContaining("Reconcile now") }))
    })

    it("fails the credentials and the in-store endpoints with a token the service does not know", async () => {
      const merchant = env.sandbox.state.merchants.find((m) => m.merchantId === MERCHANT.merchantId)!
      merchant.apiToken = "a-token-the-store-does-not-have"
      try {
        const checks = await diagnose()
        expect(checks.credentials).toEqual(expect.objectContaining({ status: "fail", fix: expect.stringContaining("BNPL_API_TOKEN") }))
        expect(checks.credentials.detail).toContain("HTTP 404")
        expect(checks.pos_endpoints).toEqual(expect.objectContaining({ status: "fail", fix: expect.stringContaining("BNPL_API_TOKEN") }))
        expect(JSON.stringify(checks)).not.toContain(MERCHANT.apiToken)
      } finally {
        merchant.apiToken = MERCHANT.apiToken
      }
    })

    it("fails the credentials with a merchant id the service does not know", async () => {
      const merchant = env.sandbox.state.merchants.find((m) => m.merchantId === MERCHANT.merchantId)!
      merchant.merchantId = 4242
      try {
        const { credentials } = await diagnose()
        expect(credentials).toEqual(expect.objectContaining({ status: "fail", fix: expect.stringContaining("BNPL_MERCHANT_ID") }))
      } finally {
        merchant.merchantId = MERCHANT.merchantId
      }
    })

    it("fails every call to the service while it is down, and tells where to look", async () => {
      const port = Number(new URL(env.sandbox.baseUrl).port)
      await env.sandbox.close()
      try {
        const checks = await diagnose()
        expect(checks.credentials).toEqual(expect.objectContaining({ status: "fail", fix: expect.stringContaining("BNPL_AUTH_URL") }))
        expect(checks.credentials.detail).toContain("could not be reached")
        expect(checks.pos_endpoints).toEqual(expect.objectContaining({ status: "fail", fix: expect.stringContaining("BNPL_BASE_URL") }))
        expect(checks.clock.status).toBe("warn")
      } finally {
        env.sandbox = await startSandbox({
          log: () => {},
          port,
          merchants: [{ ...MERCHANT, name: "Tienda de Pruebas", approved: true }],
          webhook: { retries: 0 },
        })
      }
    })

    it("fails the backend URL when the webhook route does not answer through it", async () => {
      const { options } = bnplFromContainer(getContainer())
      const before = { backendUrl: options.backendUrl, webHookUrl: options.webHookUrl }
      const nowhere = `http://localhost:${await freePort()}`
      Object.assign(options, { backendUrl: nowhere, webHookUrl: `${nowhere}/hooks/bnpl` })
      try {
        const { backend_url } = await diagnose()
        expect(backend_url).toEqual(expect.objectContaining({ status: "fail", fix: expect.stringContaining("BNPL_BACKEND_URL") }))
        expect(backend_url.detail).toContain("ECONNREFUSED")
      } finally {
        Object.assign(options, before)
      }
    })

    it("warns about a region in an accepted currency that does not offer the provider", async () => {
      const headers = await adminHeaders(api)
      const updated = await api.post(`/admin/regions/${shop.store.regionId}`, { payment_providers: ["pp_system_default"] }, headers)
      expect(updated.status).toBe(200)
      const { regions } = await diagnose()
      expect(regions).toEqual(expect.objectContaining({ status: "warn", fix: expect.stringContaining("pp_bnpl_bnpl") }))
      expect(regions.detail).toContain("(MXN)")
    })

    it("fails production on in-memory locking, an unauthenticated webhook and a plain-http URL", async () => {
      const nodeEnv = process.env.NODE_ENV
      process.env.NODE_ENV = "production"
      try {
        const checks = await diagnose()
        expect(checks.topology).toEqual(expect.objectContaining({ status: "fail", fix: expect.stringContaining("locking-redis") }))
        expect(checks.topology.detail).toContain("locking (in-memory)")
        expect(checks.options).toEqual(expect.objectContaining({ status: "fail", fix: expect.stringContaining("BNPL_WEBHOOK_AUTH") }))
        expect(checks.backend_url).toEqual(expect.objectContaining({ status: "fail", fix: expect.stringContaining("https://") }))
      } finally {
        process.env.NODE_ENV = nodeEnv
      }
    })

    it("answers a GET on the webhook route as ready, and processes nothing", async () => {
      const response = await api.get("/hooks/bnpl")
      expect(response.status).toBe(200)
      expect(response.data).toEqual({ ready: true })
      expect(env.sandbox.state.requests).toHaveLength(0)
    })
  },
})
