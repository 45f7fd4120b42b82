import { startSandbox, type Sandbox } from "../../../../packages/sandbox"
import { BnplClient, BnplServiceError } from "../client"
import type { LoanRequest } from "../wire"

const API_TOKEN = "client-test-api-token-XYZ"

/** Resolves once `ready()` holds, polling; fails the test after 5 s. */
async function until(ready: () => boolean): Promise<void> {
  for (const giveUpAt = Date.now() + 5000; !ready();) {
    if (Date.now() > giveUpAt) throw new Error("condition not met within 5 s")
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

describe("BnplClient against the sandbox", () => {
  let sandbox: Sandbox
  let client: BnplClient

  const loan = (cartId: string): LoanRequest => ({
    totalPrice: 1000,
    shopId: "shop",
    cartId,
    successUrl: "http://shop.test/ok",
    errorUrl: "http://shop.test/error",
    cartUrl: "http://shop.test/cart",
    webHookUrl: "http://shop.test/hooks/bnpl",
    products: [{ id: "item_1", count: 1, price: 1000, title: "Thing" }],
  })
  const requests = (path: string) => sandbox.state.requests.filter((r) => r.path === path)

  beforeAll(async () => {
    sandbox = await startSandbox({ log: () => {}, merchants: [{ merchantId: 7, apiToken: API_TOKEN, name: "T", approved: true }] })
    client = new BnplClient({ authUrl: sandbox.authUrl, baseUrl: sandbox.baseUrl, apiToken: API_TOKEN, merchantId: 7, timeoutMs: 500, retries: 2 })
  })
  afterAll(() => sandbox.close())
  beforeEach(() => {
    sandbox.reset()
    sandbox.setFaults({})
  })

  it("makes every loan with a token no request used before, since a token works once", async () => {
    for (let i = 0; i < 4; i++) await client.createLoan(loan("cart_a"))
    // The sandbox answers 401 to a token used twice: four loans made means four tokens.
    expect(requests("/api/loan").map((r) => r.status)).toEqual([200, 200, 200, 200])
    expect(requests("/api/auth").length).toBeGreaterThanOrEqual(4)
    expect((await client.getLoans("cart_a")).map((l) => l.status)).toEqual(["REQUEST", "REQUEST", "REQUEST", "REQUEST"])
  })

  it("asks again after the Retry-After of a 429, a write included: the rate limit turned it away unapplied", async () => {
    sandbox.setFaults({ loan: { rateLimitNext: 1, retryAfterSeconds: 0 }, status: { rateLimitNext: 2, retryAfterSeconds: 0 } })
    await client.createLoan(loan("cart_429"))
    expect(requests("/api/loan").map((r) => r.status)).toEqual([429, 200])
    expect((await client.getLoans("cart_429")).map((l) => l.status)).toEqual(["REQUEST"])
    expect(requests("/api/pos/loan/cart_429").map((r) => r.status)).toEqual([429, 429, 200])
    expect(sandbox.state.loans.size).toBe(1)
  })

  it("gives up on a 429 whose Retry-After is longer than it waits, without asking again", async () => {
    sandbox.setFaults({ refund: { rateLimitNext: 1, retryAfterSeconds: 3600 } })
    await client.createLoan(loan("cart_429_long"))
    const refused = await client.refund({ cartId: "cart_429_long", totalAmount: "10.00", reason: "test" }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(BnplServiceError)
    expect((refused as BnplServiceError).httpStatus).toBe(429)
    expect(requests("/api/pos/loan/refund")).toHaveLength(1)
  })

  it('reads the service\'s short amounts ("1000", "999.5") with two decimals', async () => {
    await client.createLoan({ ...loan("cart_short"), totalPrice: 999.5, products: [{ id: "item_1", count: 1, price: 999.5, title: "Thing" }] })
    await client.createLoan(loan("cart_short"))
    const answered = await fetch(`${sandbox.baseUrl}/api/pos/loan/cart_short`, { headers: { api_token: API_TOKEN, merchant_id: "7" } })
    expect(((await answered.json()) as { totalAmount: string }[]).map((l) => l.totalAmount)).toEqual(["999.5", "1000"])
    expect((await client.getLoans("cart_short")).map((l) => [l.totalAmount, l.orderDiscount])).toEqual([
      ["999.50", "0.00"],
      ["1000.00", "0.00"],
    ])
  })

  it("makes a loan with the token fetched ahead, without waiting for /auth", async () => {
    await client.createLoan(loan("cart_s"))
    await until(() => client["tokens"].hasSpare) // fetched while the first loan was made
    sandbox.setFaults({ auth: { errorRate: 1 } })
    await expect(client.createLoan(loan("cart_s"))).resolves.toMatchObject({ loanId: expect.any(Number) })
    expect(requests("/api/loan").map((r) => r.status)).toEqual([200, 200])
  })

  it("replaces a spare token the service refuses (401) once, with a fresh one", async () => {
    const first = await startSandbox({ log: () => {}, merchants: [{ merchantId: 7, apiToken: API_TOKEN, name: "T", approved: true }] })
    const own = new BnplClient({ authUrl: first.authUrl, baseUrl: first.baseUrl, apiToken: API_TOKEN, merchantId: 7, timeoutMs: 500, retries: 2 })
    await own.createLoan(loan("cart_r"))
    await until(() => own["tokens"].hasSpare)
    // A service that no longer knows the spare: a sandbox with another signing key at the same address.
    const port = Number(new URL(first.baseUrl).port)
    await first.close()
    const second = await startSandbox({ log: () => {}, port, merchants: [{ merchantId: 7, apiToken: API_TOKEN, name: "T", approved: true }] })
    try {
      // The status query (retried) meets the closed keep-alive connection first, not the loan.
      expect(await own.getLoans("cart_r")).toEqual([])
      await expect(own.createLoan(loan("cart_r"))).resolves.toMatchObject({ loanId: expect.any(Number) })
      const loans = second.state.requests.filter((r) => r.path === "/api/loan").map((r) => r.status)
      expect(loans).toEqual([401, 200])
    } finally {
      await second.close()
    }
  })

  it("retries the status query on 5xx, and gives up with a clear error", async () => {
    sandbox.setFaults({ status: { failNext: 2 } })
    expect(await client.getLoans("cart_none")).toEqual([])
    expect(requests("/api/pos/loan/cart_none")).toHaveLength(3)

    sandbox.setFaults({ status: { errorRate: 1 } })
    await expect(client.getLoans("cart_none")).rejects.toThrow("status query: the service answered HTTP 500")
  })

  it("never retries loan creation, so a loan is never created twice", async () => {
    sandbox.setFaults({ loan: { failNext: 1 } })
    await expect(client.createLoan(loan("cart_b"))).rejects.toBeInstanceOf(BnplServiceError)
    expect(requests("/api/loan")).toHaveLength(1)
  })

  it("reports time-outs and malformed answers without any secret", async () => {
    sandbox.setFaults({ status: { hangRate: 1 } })
    const timeout = await client.getLoans("cart_c").catch((e: Error) => e)
    expect((timeout as BnplServiceError).kind).toBe("timeout")

    sandbox.setFaults({ status: { malformedRate: 1 } })
    const malformed = await client.getLoans("cart_c").catch((e: Error) => e)
    expect((malformed as BnplServiceError).kind).toBe("malformed")

    for (const error of [timeout, malformed]) {
      expect(JSON.stringify(error)).not.toContain(API_TOKEN)
      expect(String((error as Error).message)).not.toContain(API_TOKEN)
    }
  })

  it("treats 4xx as a refusal that is not retried", async () => {
    const stranger = new BnplClient({
      authUrl: sandbox.authUrl,
      baseUrl: sandbox.baseUrl,
      apiToken: "wrong",
      merchantId: 7,
      timeoutMs: 500,
      retries: 2,
    })
    const error = (await stranger.getLoans("cart_d").catch((e: Error) => e)) as BnplServiceError
    expect(error.isRefusal).toBe(true)
    expect(error.message).toContain("HTTP 401")
    expect(requests("/api/pos/loan/cart_d")).toHaveLength(1)
  })
})
