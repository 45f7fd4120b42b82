import { startSandbox, type Sandbox } from "../../../sandbox"
import { BnplClient, BnplServiceError } from "../client"
import type { LoanRequest } from "../wire"

const API_TOKEN = "client-test-api-token-XYZ"

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

  it("asks for a fresh token for every loan, since a token works once", async () => {
    await client.createLoan(loan("cart_a"))
    await client.createLoan(loan("cart_a"))
    expect(requests("/api/auth")).toHaveLength(2)
    expect((await client.getLoans("cart_a")).map((l) => l.status)).toEqual(["REQUEST", "REQUEST"])
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
