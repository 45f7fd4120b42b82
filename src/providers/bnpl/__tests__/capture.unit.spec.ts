import { logger } from "@medusajs/framework/logger"
import { PaymentSessionStatus } from "@medusajs/framework/utils"
import { startSandbox, type Sandbox } from "../../../../packages/sandbox"
import type { CartSnapshot } from "../../../lib/medusa/cart-snapshot"
import type { BnplOptionsInput } from "../../../lib/options/options"
import { withHandOver } from "../../../lib/provider-channel/hand-over"
import { BnplProviderService } from "../service"

/**
 * Capture, twice, and auto-capture: the provider class against the sandbox over real HTTP.
 * The service settles with the merchant itself, so capturing must never send the service
 * anything that moves money: the only requests it may cause are status queries.
 */
const MERCHANT = { merchantId: 1001, apiToken: "capture-test-api-token-0123" }

const snapshot = (cartId: string): CartSnapshot => ({
  cartId,
  currencyCode: "mxn",
  email: "ana@example.com",
  items: [{ id: "item_1", title: "Silla", quantity: 2, unitPrice: "500.00" }],
  shipping: { title: "Envío", amount: "99.00" },
  discount: "0.00",
  address: { firstName: "Ana", lastName: "López", addressLine: "Av. Reforma 1, CDMX", postalCode: "06600" },
  replacesLoan: false,
})

describe("capture and auto-capture, against the sandbox", () => {
  let sandbox: Sandbox
  let cartNumber = 0

  beforeAll(async () => {
    sandbox = await startSandbox({ log: () => {}, merchants: [{ ...MERCHANT, name: "T", approved: true }], webhook: { retries: 0 } })
  })
  afterAll(() => sandbox.close())
  beforeEach(() => {
    sandbox.reset()
    // Nobody listens at the loans' webHookUrl: the webhook is dropped rather than refused.
    sandbox.setFaults({ webhook: { dropRate: 1 } })
  })

  const provider = (options: BnplOptionsInput = {}) =>
    new BnplProviderService(
      { logger },
      {
        authUrl: sandbox.authUrl,
        baseUrl: sandbox.baseUrl,
        apiToken: MERCHANT.apiToken,
        merchantId: MERCHANT.merchantId,
        shopId: "shop",
        storefrontUrl: "http://storefront.test",
        backendUrl: "http://store.test",
        timeoutMs: 1000,
        retries: 0,
        // Capture at fulfilment unless a test says otherwise; `autoCapture: true` is the default a store gets.
        autoCapture: false,
        ...options,
      },
    )

  /** A session whose loan the customer paid at the service: what Medusa holds before authorizing. */
  async function paidSession(bnpl: BnplProviderService) {
    const cartId = `cart_capture_${++cartNumber}`
    const started = await bnpl.initiatePayment({ amount: 1099, currency_code: "mxn", data: { cart: snapshot(cartId) } })
    const loanId = Number(started.id)
    await sandbox.pay(loanId)
    return { cartId, loanId, data: started.data! }
  }

  const moneyRequests = () => sandbox.state.requests.filter((r) => r.method !== "GET" && r.path.startsWith("/api/pos/"))
  const statusQueries = (cartId: string) => sandbox.state.requests.filter((r) => r.method === "GET" && r.path === `/api/pos/loan/${cartId}`)

  it("authorizes a paid loan without auto-capture; capturing twice asks the status once and moves no money", async () => {
    const bnpl = provider()
    const { cartId, loanId, data } = await paidSession(bnpl)
    const authorized = await bnpl.authorizePayment({ data })
    expect(authorized.status).toBe(PaymentSessionStatus.AUTHORIZED)
    expect(authorized.data).not.toHaveProperty("captured")

    const queriesBefore = statusQueries(cartId).length
    const first = await bnpl.capturePayment({ data: authorized.data })
    expect(first.data).toMatchObject({ loan_id: loanId, captured: true, loan_status: "OUTSTANDING" })
    expect(statusQueries(cartId)).toHaveLength(queriesBefore + 1)

    // Medusa hands the second capture the data the first one returned.
    const second = await bnpl.capturePayment({ data: first.data })
    expect(second.data).toEqual(first.data)
    expect(statusQueries(cartId)).toHaveLength(queriesBefore + 1)

    expect(moneyRequests()).toEqual([])
    expect(sandbox.state.loans.get(loanId)).toMatchObject({ status: "OUTSTANDING", refunds: [] })
  })

  it("captures again from stale data (two captures racing) with status queries only, never a money request", async () => {
    const bnpl = provider()
    const { cartId, loanId, data } = await paidSession(bnpl)
    const authorized = await bnpl.authorizePayment({ data })
    const queriesBefore = statusQueries(cartId).length
    const both = await Promise.all([bnpl.capturePayment({ data: authorized.data }), bnpl.capturePayment({ data: authorized.data })])
    expect(both.map((c) => c.data?.captured)).toEqual([true, true])
    expect(statusQueries(cartId)).toHaveLength(queriesBefore + 2)
    expect(moneyRequests()).toEqual([])
    expect(sandbox.state.loans.get(loanId)).toMatchObject({ status: "OUTSTANDING", refunds: [] })
  })

  it("refuses to capture a loan the service no longer shows paid", async () => {
    const bnpl = provider()
    const cartId = `cart_capture_${++cartNumber}`
    const started = await bnpl.initiatePayment({ amount: 1099, currency_code: "mxn", data: { cart: snapshot(cartId) } })
    sandbox.decline(Number(started.id))
    await expect(bnpl.capturePayment({ data: started.data })).rejects.toThrow(
      `Loan ${started.id} is CANCELLED at the service, so it cannot be captured.`,
    )
    expect(moneyRequests()).toEqual([])
  })

  describe("autoCapture: true (the default)", () => {
    it("answers captured when authorizing a paid loan, and a later capture sends nothing", async () => {
      const bnpl = provider({ autoCapture: true })
      const { cartId, loanId, data } = await paidSession(bnpl)
      const authorized = await bnpl.authorizePayment({ data })
      expect(authorized.status).toBe(PaymentSessionStatus.CAPTURED)
      expect(authorized.data).toMatchObject({ loan_id: loanId, captured: true, loan_status: "OUTSTANDING" })

      const requestsBefore = sandbox.state.requests.length
      const captured = await bnpl.capturePayment({ data: authorized.data })
      expect(captured.data).toEqual(authorized.data)
      expect(sandbox.state.requests).toHaveLength(requestsBefore)
      expect(statusQueries(cartId).length).toBeGreaterThan(0)
      expect(moneyRequests()).toEqual([])
      expect(sandbox.state.loans.get(loanId)).toMatchObject({ status: "OUTSTANDING", refunds: [] })
    })

    it("still refuses a loan whose first installment is unpaid, and ends a cancelled one uncaptured", async () => {
      const bnpl = provider({ autoCapture: true })
      const cartId = `cart_capture_${++cartNumber}`
      const started = await bnpl.initiatePayment({ amount: 1099, currency_code: "mxn", data: { cart: snapshot(cartId) } })
      await expect(bnpl.authorizePayment({ data: started.data })).rejects.toThrow("has not been paid yet")

      sandbox.decline(Number(started.id))
      const cancelled = await bnpl.authorizePayment({ data: started.data })
      expect(cancelled.status).toBe(PaymentSessionStatus.CANCELED)
      expect(cancelled.data).not.toHaveProperty("captured")
    })
  })

  describe("authorizing inside a confirmation (its hand-over)", () => {
    it("takes the status the confirmation has just queried for that loan, and asks the service nothing", async () => {
      const bnpl = provider()
      const { cartId, loanId, data } = await paidSession(bnpl)
      const loan = (await bnpl["client"].getLoan(cartId, loanId))!
      const requestsBefore = sandbox.state.requests.length
      const authorized = await withHandOver({ confirmed: loan }, { carts: [cartId] }, () => bnpl.authorizePayment({ data }))
      expect(authorized.status).toBe(PaymentSessionStatus.AUTHORIZED)
      expect(authorized.data).toMatchObject({ loan_id: loanId, loan_status: "OUTSTANDING" })
      expect(sandbox.state.requests).toHaveLength(requestsBefore)
    })

    it("queries the service for any other loan, and outside the confirmation", async () => {
      const bnpl = provider()
      const first = await paidSession(bnpl)
      const other = await paidSession(bnpl)
      const loan = (await bnpl["client"].getLoan(first.cartId, first.loanId))!
      const before = statusQueries(other.cartId).length
      await withHandOver({ confirmed: loan }, { carts: [first.cartId] }, () => bnpl.authorizePayment({ data: other.data }))
      expect(statusQueries(other.cartId)).toHaveLength(before + 1)
      await bnpl.authorizePayment({ data: first.data })
      expect(statusQueries(first.cartId).length).toBeGreaterThan(1)
    })
  })
})
