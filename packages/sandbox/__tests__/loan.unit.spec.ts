import { LoanCreated, ServiceErrorBody } from "../wire"
import type { Sandbox } from "../index"
import { bearer, client, loanRequest, MERCHANT, startQuietSandbox } from "./helpers"

describe("POST /api/loan", () => {
  let sandbox: Sandbox
  const lines: string[] = []

  beforeEach(async () => {
    lines.length = 0
    // The reasons asserted below travel in the error body's message only with this extension.
    sandbox = await startQuietSandbox({ log: (line) => lines.push(line), extensions: { errorMessages: true } })
  })
  afterEach(() => sandbox.close())

  async function postLoan(body: unknown, headers: Record<string, string> = {}) {
    const authorization = await bearer(sandbox)
    return client.post(`${sandbox.authUrl}/loan`, body, {
      headers: { authorization, merchant_id: String(MERCHANT.merchantId), ...headers },
    })
  }

  it("creates a loan in REQUEST and answers its checkout link", async () => {
    const response = await postLoan(loanRequest())
    expect(response.status).toBe(200)
    const created = LoanCreated.parse(response.data)
    expect(created.loanId).toBe(5001)
    expect(created.url).toMatch(new RegExp(`^${sandbox.url}/checkout/5001\\?token=[0-9a-f]{32}$`))
    expect(sandbox.state.loans.get(5001)).toMatchObject({
      loanId: 5001,
      cartId: "cart_01",
      merchantId: 1001,
      status: "REQUEST",
      installments: 4,
      authorizeDate: null,
      refunds: [],
      customer: { username: null, firstName: null, lastName: null, motherLastName: null, email: null, phone: null },
    })
  })

  it("numbers loans upwards and keeps several loans for one cart", async () => {
    const first = LoanCreated.parse((await postLoan(loanRequest())).data)
    const second = LoanCreated.parse((await postLoan(loanRequest())).data)
    expect([first.loanId, second.loanId]).toEqual([5001, 5002])
    expect([...sandbox.state.loans.values()].map((loan) => loan.cartId)).toEqual(["cart_01", "cart_01"])
  })

  it("uses publicUrl in checkout links when given", async () => {
    await sandbox.close()
    sandbox = await startQuietSandbox({ publicUrl: "https://pay.example.test/" })
    const created = LoanCreated.parse((await postLoan(loanRequest())).data)
    expect(created.url).toMatch(/^https:\/\/pay\.example\.test\/checkout\/5001\?token=/)
  })

  it("answers 401 without a token", async () => {
    const response = await client.post(`${sandbox.authUrl}/loan`, loanRequest(), { headers: { merchant_id: "1001" } })
    expect(response.status).toBe(401)
    expect(ServiceErrorBody.parse(response.data)).toMatchObject({ status: 401, error: "Unauthorized", path: "/api/loan" })
    expect(response.data.message).toMatch(/missing Authorization/)
  })

  it("answers 401 for a token that is not the sandbox's", async () => {
    const response = await client.post(`${sandbox.authUrl}/loan`, loanRequest(), {
      headers: { authorization: "Bearer not.a.jwt", merchant_id: "1001" },
    })
    expect(response.status).toBe(401)
    expect(response.data.message).toMatch(/invalid or expired/)
  })

  it("accepts a token once only: the second use answers 401", async () => {
    const authorization = await bearer(sandbox)
    const headers = { authorization, merchant_id: "1001" }
    const first = await client.post(`${sandbox.authUrl}/loan`, loanRequest(), { headers })
    const second = await client.post(`${sandbox.authUrl}/loan`, loanRequest(), { headers })
    expect(first.status).toBe(200)
    expect(second.status).toBe(401)
    expect(second.data.message).toMatch(/already used/)
    expect(sandbox.state.loans.size).toBe(1)
  })

  it("answers 401 when merchant_id is missing or is not the token's merchant", async () => {
    expect((await postLoan(loanRequest(), { merchant_id: "1002" })).status).toBe(401)
    const authorization = await bearer(sandbox)
    const missing = await client.post(`${sandbox.authUrl}/loan`, loanRequest(), { headers: { authorization } })
    expect(missing.status).toBe(401)
    expect(missing.data.message).toMatch(/merchant_id header is missing/)
  })

  it("answers 400 naming each bad field", async () => {
    const { shopId: _dropped, ...withoutShop } = loanRequest()
    const response = await postLoan({ ...withoutShop, totalPrice: "1234.50", successUrl: "not a url" })
    expect(response.status).toBe(400)
    const body = ServiceErrorBody.parse(response.data)
    expect(body).toMatchObject({ status: 400, error: "Bad Request", path: "/api/loan" })
    expect(body.message).toContain("totalPrice: expected number, received string")
    expect(body.message).toContain("shopId: required (expected string)")
    expect(body.message).toContain("successUrl: Invalid URL")
    expect(lines).toContainEqual(expect.stringMatching(/^\[sandbox\] POST \/api\/loan 400: totalPrice: expected number/))
    expect(sandbox.state.loans.size).toBe(0)
  })

  it("answers 400 when products, shipping, taxes and discount do not add up to totalPrice", async () => {
    const response = await postLoan(loanRequest({ totalPrice: 1300 }))
    expect(response.status).toBe(400)
    expect(response.data.message).toBe("totalPrice: 1300.00 does not match products + shipping + taxes - discount = 1234.50")
  })

  it("tolerates one cent of rounding, and skips the check without products", async () => {
    expect((await postLoan(loanRequest({ totalPrice: 1234.51 }))).status).toBe(200)
    expect((await postLoan(loanRequest({ totalPrice: 99.99, products: undefined }))).status).toBe(200)
  })

  it("answers 400 for amounts finer than a cent", async () => {
    const response = await postLoan(loanRequest({ totalPrice: 10.005, products: undefined }))
    expect(response.status).toBe(400)
    expect(response.data.message).toMatch(/more than two decimals/)
  })

  it("answers 400 with the error body when the body is not JSON", async () => {
    const authorization = await bearer(sandbox)
    const response = await client.post(`${sandbox.authUrl}/loan`, "{oops", {
      headers: { authorization, merchant_id: "1001", "content-type": "application/json" },
    })
    expect(response.status).toBe(400)
    expect(ServiceErrorBody.parse(response.data).message).toMatch(/not valid JSON/)
  })

  it("answers 404 with the error body for anything else under /api", async () => {
    const response = await client.get(`${sandbox.url}/api/v1/loan/status`)
    expect(response.status).toBe(404)
    expect(ServiceErrorBody.parse(response.data)).toMatchObject({ status: 404, error: "Not Found", path: "/api/v1/loan/status" })
  })

  it("never logs or records bearer tokens", async () => {
    const authorization = await bearer(sandbox)
    await client.post(`${sandbox.authUrl}/loan`, loanRequest(), { headers: { authorization, merchant_id: "1001" } })
    const token = authorization.slice("Bearer ".length)
    expect(lines.join("\n")).not.toContain(token)
    expect(JSON.stringify(sandbox.state.requests)).not.toContain(token)
    expect(sandbox.state.requests.at(-1)?.headers.authorization).toBe("Bearer [redacted]")
  })
})
