import { freePort } from "../../scripts/harness/free-port"
import { notDuringThisRun } from "../../scripts/harness/schedule"
import { startSandbox, type Sandbox, type SandboxOptions } from "../../packages/sandbox"

/**
 * Every http spec runs Medusa (booted by @medusajs/test-utils) against an
 * in-process sandbox over real HTTP. Medusa reads its configuration when it
 * boots, so the sandbox must be up and the BNPL_* variables set first: call
 * this at the top of a spec file, before `medusaIntegrationTestRunner`, so its
 * `beforeAll` runs before the runner's.
 */
export const MERCHANT = { merchantId: 1001, apiToken: "sandbox-api-token-0123456789" }
export const WEBHOOK_TOKEN = "webhook-secret-0123456789"
/** BNPL_TIMEOUT_MS of the http suite's Medusa. */
export const TEST_TIMEOUT_MS = 4000

/** The refunds the sandbox was asked for (`POST /api/pos/loan/refund`), of one `cartId` when given. */
export const refundRequests = (sandbox: Sandbox, cartId?: string) =>
  sandbox.state.requests.filter(
    (r) =>
      r.method === "POST" &&
      r.path === "/api/pos/loan/refund" &&
      (cartId === undefined || (r.body as { cartId?: unknown } | null)?.cartId === cartId),
  )

export interface TestEnvironment {
  sandbox: Sandbox
  backendUrl: string
}

/** Variables for Medusa; a function when one depends on the URL Medusa will answer at. */
export type TestEnv = Record<string, string> | ((backendUrl: string) => Record<string, string>)

export function useSandbox(options: SandboxOptions = {}, env: TestEnv = {}): TestEnvironment {
  const environment = {} as TestEnvironment
  beforeAll(async () => {
    const sandbox = await startSandbox({
      log: () => {},
      merchants: [{ ...MERCHANT, name: "Tienda de Pruebas", approved: true }],
      refundSettleMs: 50,
      ...options,
      webhook: { retries: 0, ...options.webhook },
    })
    const port = await freePort()
    const backendUrl = `http://localhost:${port}`
    Object.assign(process.env, {
      PORT: String(port),
      BNPL_AUTH_URL: sandbox.authUrl,
      BNPL_BASE_URL: sandbox.baseUrl,
      BNPL_API_TOKEN: MERCHANT.apiToken,
      BNPL_MERCHANT_ID: String(MERCHANT.merchantId),
      BNPL_SHOP_ID: "test-shop",
      // The in-store API's merchant host (send-checkout): the sandbox's own address.
      BNPL_MERCHANT_URL: sandbox.merchantUrl,
      BNPL_BACKEND_URL: backendUrl,
      BNPL_STOREFRONT_URL: "http://storefront.test",
      // Short enough that the time-out tests end quickly, long enough that a status query on a
      // loaded 2-core machine (two Medusas, PostgreSQL, chaos beside them) is not taken for one.
      BNPL_TIMEOUT_MS: String(TEST_TIMEOUT_MS),
      // Tests reconcile when they mean to: a scheduled run (every 5 minutes by default) could
      // take a test's loans between its steps.
      BNPL_RECONCILE_SCHEDULE: notDuringThisRun(),
      // Tests prune old webhook deliveries when they mean to, as they reconcile.
      BNPL_PRUNE_SCHEDULE: notDuringThisRun(),
      BNPL_RETRIES: "1",
      // A spec reads the order once the webhook is answered: the answer waits for the verdict here.
      // The shipped deadline, and what comes after it, is webhook-answer.spec.ts's.
      BNPL_WEBHOOK_ANSWER_MS: "60000",
      // It would send the sandbox requests of its own while a test counts them.
      BNPL_DIAGNOSIS_AT_START: "false",
      BNPL_MIN_AMOUNT: "1",
      BNPL_MAX_AMOUNT: "50000",
      ...(typeof env === "function" ? env(backendUrl) : env),
    })
    Object.assign(environment, { sandbox, backendUrl })
  })
  afterAll(async () => {
    await environment.sandbox?.close()
  })
  return environment
}
