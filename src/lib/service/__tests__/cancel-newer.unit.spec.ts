import { startSandbox, type Sandbox } from "../../../../packages/sandbox"
import { BnplClient } from "../client"
import type { LoanRequest } from "../wire"

const API_TOKEN = "cancel-test-api-token-XYZ"

const loanRequest = (cartId: string): LoanRequest => ({
  totalPrice: 1000,
  shopId: "shop",
  cartId,
  successUrl: "http://shop.test/ok",
  errorUrl: "http://shop.test/error",
  cartUrl: "http://shop.test/cart",
  webHookUrl: "http://shop.test/hooks/bnpl",
})

// The documentation does not say which unpaid loans of a cart a cancel touches: both readings.
describe.each(["all", "latest"] as const)("cancelling an abandoned loan beside a newer one (a cancel touches %s)", (cancelTouches) => {
  let sandbox: Sandbox
  let client: BnplClient

  beforeAll(async () => {
    sandbox = await startSandbox({ log: () => {}, cancelTouches, merchants: [{ merchantId: 7, apiToken: API_TOKEN, name: "T", approved: true }] })
    client = new BnplClient({ authUrl: sandbox.authUrl, baseUrl: sandbox.baseUrl, apiToken: API_TOKEN, merchantId: 7, timeoutMs: 2000, retries: 0 })
  })
  afterAll(() => sandbox.close())
  beforeEach(() => sandbox.reset())

  const statusOf = (loanId: number) => sandbox.state.loans.get(loanId)?.status
  const cancels = () => sandbox.state.requests.filter((r) => r.path === "/api/pos/loan/cancel")

  it("leaves both alone while the newer one is unpaid, and sends no cancel", async () => {
    const older = await client.createLoan(loanRequest("cart_two"))
    const newer = await client.createLoan(loanRequest("cart_two"))

    const result = await client.cancelIfUnpaid("cart_two", older.loanId, "abandoned")

    expect(result.cancelled).toBe(false)
    expect([statusOf(older.loanId), statusOf(newer.loanId)]).toEqual(["REQUEST", "REQUEST"])
    expect(cancels()).toHaveLength(0)
  })

  it("cancels the older one once the newer one is paid, and the paid one stays paid", async () => {
    const older = await client.createLoan(loanRequest("cart_two"))
    const newer = await client.createLoan(loanRequest("cart_two"))
    await sandbox.pay(newer.loanId)

    const result = await client.cancelIfUnpaid("cart_two", older.loanId, "abandoned")

    expect(result.cancelled).toBe(true)
    expect([statusOf(older.loanId), statusOf(newer.loanId)]).toEqual(["CANCELLED", "OUTSTANDING"])
  })
})
