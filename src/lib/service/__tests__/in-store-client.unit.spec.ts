import { startSandbox, type Sandbox } from "../../../../packages/sandbox"
import { BnplClient, BnplServiceError } from "../client"
import { PosLoanCreated, type PosLoanRequest } from "../wire"

const API_TOKEN = "in-store-test-api-token-XYZ"

describe("BnplClient's in-store API against the sandbox", () => {
  let sandbox: Sandbox
  let client: BnplClient

  const request = (cartId: string, commChannel: PosLoanRequest["commChannel"] = "w"): PosLoanRequest => ({
    custLogin: "5512345678",
    shopId: "1",
    cartId,
    webhookUrl: "http://shop.test/hooks/bnpl",
    totalAmount: 1100.5,
    commChannel,
  })

  beforeAll(async () => {
    sandbox = await startSandbox({ log: () => {}, merchants: [{ merchantId: 7, apiToken: API_TOKEN, name: "T", approved: true }] })
    client = new BnplClient({
      authUrl: sandbox.authUrl,
      baseUrl: sandbox.baseUrl,
      merchantUrl: sandbox.merchantUrl,
      apiToken: API_TOKEN,
      merchantId: 7,
      timeoutMs: 500,
      retries: 2,
    })
  })
  afterAll(() => sandbox.close())
  beforeEach(() => {
    sandbox.reset()
    sandbox.setFaults({})
  })

  it("creates the payment, which the status query lists by its cartId; a QR comes with q", async () => {
    const sent = await client.createPosLoan(request("pay_col_a.1"))
    const [loan] = await client.getLoans("pay_col_a.1")
    expect(loan).toMatchObject({ status: "REQUEST", totalAmount: "1100.50" })
    expect(sent.qr).toBeUndefined()
    expect((await client.createPosLoan(request("pay_col_b.1", "q"))).qr).toMatch(/^data:image\/svg\+xml/)
  })

  it("reads an answer of another shape, or none, as 'payment created' with nothing relied on", () => {
    expect(PosLoanCreated.parse({ message: "payment created" })).toEqual({ message: "payment created" })
    expect(PosLoanCreated.parse({ loanId: "x", url: "not a url", qr: 3 })).toEqual({})
    expect(PosLoanCreated.parse(undefined)).toEqual({})
  })

  it("refuses a request the documentation does not allow before sending it", async () => {
    await expect(client.createPosLoan({ ...request("c"), custLogin: "12345" })).rejects.toThrow()
    expect(sandbox.state.requests.filter((r) => r.path === "/api/pos/loan")).toEqual([])
  })

  it("sends the link again to another phone; a cart without a payment is the service's refusal", async () => {
    await client.createPosLoan(request("pay_col_c.1"))
    await client.sendCheckout("pay_col_c.1", { target: { phoneNumber: "5587654321" }, channels: ["SMS"] })
    expect(sandbox.outbox().map((m) => [m.phone, m.channel])).toEqual([
      ["5512345678", "WHATSAPP"],
      ["5587654321", "SMS"],
    ])
    const refused = await client.sendCheckout("unknown", { target: { phoneNumber: "5587654321" }, channels: ["SMS"] }).catch((e) => e)
    expect(refused).toBeInstanceOf(BnplServiceError)
    expect((refused as BnplServiceError).isRefusal).toBe(true)
    expect(refused.message).not.toContain(API_TOKEN)
  })
})
