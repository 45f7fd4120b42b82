import axios from "axios"
import { CancelResponse, LoanRecords, PosLoanCreated, RefundRecords, RefundResponse, ServiceErrorBody } from "../wire"
import type { Sandbox } from "../index"
import { createLoan, createPosLoan, client, POS_HEADERS, posLoanRequest, type Receiver, startQuietSandbox, startReceiver } from "./helpers"

const english = axios.create({ validateStatus: () => true, maxRedirects: 0, headers: { "accept-language": "en" } })

describe("POST /api/pos/loan (the in-store API)", () => {
  let sandbox: Sandbox
  let receiver: Receiver

  beforeEach(async () => {
    // The reasons asserted below travel in the error body's message only with this extension.
    sandbox = await startQuietSandbox({ extensions: { errorMessages: true } })
    receiver = await startReceiver()
  })
  afterEach(async () => {
    await sandbox.close()
    await receiver.close()
  })

  const posLoan = (body: unknown, headers: Record<string, string> = POS_HEADERS) => client.post(`${sandbox.baseUrl}/api/pos/loan`, body, { headers })
  const status = async (cartId = "pos_cart_01") =>
    LoanRecords.parse((await client.get(`${sandbox.baseUrl}/api/pos/loan/${cartId}`, { headers: POS_HEADERS })).data)
  const pay = (link: string) =>
    english.post(link.replace(/\/checkout\/(\d+)\?/, "/checkout/$1/pay?"), "", { headers: { "content-type": "application/x-www-form-urlencoded" } })

  it.each([
    ["w", "WHATSAPP"],
    ["s", "SMS"],
  ] as const)("commChannel %s: creates a REQUEST loan, sends its checkout link by %s and answers 'payment created'", async (commChannel, channel) => {
    const response = await posLoan(posLoanRequest({ commChannel }))
    expect(response.status).toBe(200)
    const created = PosLoanCreated.parse(response.data)
    expect(created).toEqual({ message: "payment created", cartId: "pos_cart_01", loanId: 5001, url: expect.any(String) })
    expect(created.url).toMatch(new RegExp(`^${sandbox.url}/checkout/5001\\?token=[0-9a-f]{32}$`))
    expect(sandbox.state.loans.get(5001)).toMatchObject({
      loanId: 5001,
      cartId: "pos_cart_01",
      merchantId: 1001,
      status: "REQUEST",
      request: { totalPrice: 1100, shopId: "1", webHookUrl: "http://127.0.0.1:9/unused", buyer: { phone: "5512345678" } },
      posRequest: posLoanRequest({ commChannel }),
    })
    expect(sandbox.outbox()).toEqual([
      { at: expect.any(String), cartId: "pos_cart_01", loanId: 5001, phone: "5512345678", channel, link: created.url },
    ])
  })

  it("commChannel q: answers the checkout link as an SVG QR code too, and records it as shown", async () => {
    const created = PosLoanCreated.parse((await posLoan(posLoanRequest({ commChannel: "q" }))).data)
    const svg = Buffer.from(created.qr?.replace("data:image/svg+xml;base64,", "") ?? "", "base64").toString("utf8")
    // A checkout link of this length is a version 5 code: 37 modules and a quiet zone of 4 on each side.
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 45 45"[^>]*><rect [^>]*\/><path d="(M\d+,\d+h\d+v1h-\d+z)+" fill="#000"\/><\/svg>$/,
    )
    expect(sandbox.outbox()).toEqual([expect.objectContaining({ channel: "QR", phone: "5512345678", loanId: created.loanId, link: created.url })])
  })

  it("the status query shows it waiting, with the products and discount as the merchant sent them", async () => {
    const { loanId } = await createPosLoan(sandbox)
    expect(await status()).toEqual([
      {
        loanId,
        status: "REQUEST",
        zipCode: "",
        installments: 4,
        totalAmount: "1100",
        orderDiscount: "100",
        discountType: "a",
        authorizeDate: sandbox.state.loans.get(loanId)?.createdAt,
        products: [
          posLoanRequest().products?.[0],
          // Every record's product has the three discount keys; an item sent without them has them null.
          { ...posLoanRequest().products?.[1], discount: null, discountType: null, discountPrice: null },
        ],
        customer: { username: null, firstName: null, lastName: null, motherLastName: null, email: null, phone: null },
      },
    ])
  })

  it("the customer pays from the outbox link: the sandbox's own page, the webhook as for an online loan, OUTSTANDING with the phone", async () => {
    await createPosLoan(sandbox, { webhookUrl: receiver.url })
    const [{ link, loanId }] = sandbox.outbox()
    const page = await english.get<string>(link, { responseType: "text" })
    expect(page.status).toBe(200)
    for (const text of ["Tienda Demo", "Silla Eames", "$450.00", "$900.00", "Lámpara", "−$100.00", 'id="total">$1,100.00<', 'id="pay"']) {
      expect(page.data).toContain(text)
    }
    expect(page.data).not.toContain("Back to the store")

    const paid = await pay(link)
    expect(paid.status).toBe(303)
    expect(paid.headers.location).toBe(`${sandbox.url}/checkout/paid`)
    expect((await english.get<string>(paid.headers.location, { responseType: "text" })).data).toContain("Payment received")
    const [hit] = await receiver.waitFor(1)
    expect(hit.body).toEqual({ status: "Activo", loanId, cartId: "pos_cart_01", merchantId: 1001 })
    expect(await status()).toEqual([
      expect.objectContaining({
        loanId,
        status: "OUTSTANDING",
        customer: { username: null, firstName: null, lastName: null, motherLastName: null, email: null, phone: "5512345678" },
      }),
    ])
  })

  it("the checkout page's Cancel leaves it waiting and lands on the sandbox's own page", async () => {
    const { url, loanId } = await createPosLoan(sandbox)
    const response = await english.post(url.replace(/\/checkout\/(\d+)\?/, "/checkout/$1/cancel?"), "")
    expect(response.status).toBe(303)
    expect(response.headers.location).toBe(`${sandbox.url}/checkout/not-paid`)
    expect((await english.get<string>(response.headers.location, { responseType: "text" })).data).toContain("Nothing was paid")
    expect(sandbox.state.loans.get(loanId)?.status).toBe("REQUEST")
  })

  it("is cancelled, refunded and listed in the refund history like an online loan", async () => {
    const waiting = await createPosLoan(sandbox, { cartId: "pos_cart_02" })
    const cancel = await client.post(
      `${sandbox.baseUrl}/api/pos/loan/cancel`,
      { cartId: "pos_cart_02", totalAmount: "1100", reason: "r" },
      { headers: POS_HEADERS },
    )
    expect(CancelResponse.parse(cancel.data)).toMatchObject({ cartId: "pos_cart_02", status: "CANCELLED" })
    expect(sandbox.state.loans.get(waiting.loanId)?.status).toBe("CANCELLED")

    const { loanId } = await createPosLoan(sandbox)
    await sandbox.pay(loanId)
    const refund = await client.post(
      `${sandbox.baseUrl}/api/pos/loan/refund`,
      { cartId: "pos_cart_01", totalAmount: "1100", reason: "r" },
      { headers: POS_HEADERS },
    )
    expect(RefundResponse.parse(refund.data)).toMatchObject({ cartId: "pos_cart_01", refundStatus: "REQUESTED" })
    await sandbox.idle()
    expect(sandbox.state.loans.get(loanId)?.status).toBe("HISTORICAL")
    const history = await client.get(`${sandbox.baseUrl}/api/pos/loan/refund/pos_cart_01`, { headers: POS_HEADERS })
    expect(RefundRecords.parse(history.data)).toEqual([{ cartId: "pos_cart_01", status: "REFUNDED", refundDate: expect.any(String) }])
  })

  it("a branch the merchant registered takes loans", async () => {
    sandbox.state.branches.push({ merchantId: 1001, branchId: "2", name: "Centro" })
    expect((await posLoan(posLoanRequest({ shopId: "2" }))).status).toBe(200)
  })

  it.each([
    ["a phone of nine digits", { custLogin: "551234567" }, "custLogin: must be ten digits"],
    ["a phone with a country code", { custLogin: "+525512345678" }, "custLogin: must be ten digits"],
    ["no commChannel", { commChannel: undefined }, "commChannel: required: w (WhatsApp), s (SMS) or q (QR code)"],
    ["a commChannel that is not w, s or q", { commChannel: "e" }, "commChannel: must be w (WhatsApp), s (SMS) or q (QR code)"],
    ["a zero amount", { totalAmount: 0 }, "totalAmount: expected number to be >0"],
    ["an amount finer than a cent", { totalAmount: 1100.005 }, "totalAmount: must be an amount in centavos at most"],
    ["a negative amount", { totalAmount: -5 }, "totalAmount: expected number to be >0"],
    ["an amount sent as a decimal string", { totalAmount: "1100" }, "totalAmount: expected number, received string"],
    ["a shopId that is not digits", { shopId: "shop-1" }, "shopId: must be digits"],
    ["no cartId", { cartId: undefined }, "cartId: required (expected string)"],
    [
      "the online API's webHookUrl",
      { webhookUrl: undefined, webHookUrl: "http://127.0.0.1:9/unused" },
      "webhookUrl: required (expected string); this API spells it webhookUrl, with a lower-case h",
    ],
    [
      "a product quantity that is not digits",
      { products: [{ ...posLoanRequest().products?.[0], quantity: 2 }] },
      "products[0].quantity: expected string, received number",
    ],
    ["a discountType that is not a or p", { discountType: "x" }, 'discountType: Invalid option: expected one of "a"|"p"'],
  ])("answers 400 for %s, naming the field, and creates and sends nothing", async (_case, overrides, reason) => {
    const response = await posLoan({ ...posLoanRequest(), ...overrides })
    expect(response.status).toBe(400)
    const body = ServiceErrorBody.parse(response.data)
    expect(body).toMatchObject({ status: 400, error: "Bad Request", path: "/api/pos/loan" })
    expect(body.message).toContain(reason)
    expect(sandbox.state.loans.size).toBe(0)
    expect(sandbox.outbox()).toEqual([])
  })

  it("answers 400 for a shopId that is not one of the merchant's branches, naming those that are", async () => {
    const response = await posLoan(posLoanRequest({ shopId: "7" }))
    expect(response.status).toBe(400)
    expect(response.data.message).toBe("shopId: merchant 1001 has no branch 7 (its branches: 1); POST /merchant/create-branch registers one")
    expect(sandbox.state.loans.size).toBe(0)
  })

  it("answers 400 for a cartId that already has a loan, in-store or online, waiting or cancelled", async () => {
    const first = await createPosLoan(sandbox)
    const again = await posLoan(posLoanRequest({ commChannel: "s", custLogin: "5587654321" }))
    expect(again.status).toBe(400)
    expect(again.data.message).toMatch(/^cartId: pos_cart_01 already has loan 5001 \(REQUEST\); a cartId is unique across the merchant's branches/)
    sandbox.decline(first.loanId)
    expect((await posLoan(posLoanRequest())).data.message).toMatch(/already has loan 5001 \(CANCELLED\)/)
    await createLoan(sandbox, { cartId: "web_cart" })
    expect((await posLoan(posLoanRequest({ cartId: "web_cart" }))).status).toBe(400)
    expect([...sandbox.state.loans.keys()]).toEqual([5001, 5002])
    expect(sandbox.outbox()).toHaveLength(1)
  })

  it.each([
    ["no headers", {}],
    ["a wrong api_token", { api_token: "nope", merchant_id: "1001" }],
    ["an unapproved merchant", { api_token: "unapproved-token", merchant_id: "1002" }],
    ["a Bearer token instead of the pos headers", { authorization: "Bearer x", merchant_id: "1001" }],
  ])("answers 401 for %s and creates nothing", async (_case, headers) => {
    const response = await posLoan(posLoanRequest(), headers)
    expect(response.status).toBe(401)
    expect(ServiceErrorBody.parse(response.data)).toMatchObject({ status: 401, error: "Unauthorized", path: "/api/pos/loan" })
    expect(sandbox.state.loans.size).toBe(0)
    expect(sandbox.outbox()).toEqual([])
  })

  it("answers with the extra fields when answers.extraFields is on, the documented ones unchanged", async () => {
    await sandbox.close()
    sandbox = await startQuietSandbox({ answers: { extraFields: true } })
    const response = await posLoan(posLoanRequest())
    expect(response.data).toMatchObject({ message: "payment created", cartId: "pos_cart_01", loanId: 5001, traceId: "sbx-trace" })
  })
})

describe("POST /api/pos/loan faults (posLoan)", () => {
  let sandbox: Sandbox
  const lines: string[] = []

  beforeEach(async () => {
    lines.length = 0
    sandbox = await startQuietSandbox({ log: (line) => lines.push(line) })
  })
  afterEach(() => sandbox.close())

  const posLoan = (timeout = 0) => client.post(`${sandbox.baseUrl}/api/pos/loan`, posLoanRequest(), { headers: POS_HEADERS, timeout })

  it("applyThenFailNext resets the connection after the loan is created and its link sent", async () => {
    sandbox.setFaults({ posLoan: { applyThenFailNext: 1 } })
    await expect(posLoan()).rejects.toMatchObject({ code: expect.stringMatching(/ECONNRESET|ERR_BAD_RESPONSE/) })
    expect(sandbox.state.loans.get(5001)).toMatchObject({ cartId: "pos_cart_01", status: "REQUEST" })
    expect(sandbox.outbox()).toEqual([expect.objectContaining({ loanId: 5001, channel: "WHATSAPP" })])
    expect(sandbox.state.requests.at(-1)).toMatchObject({ path: "/api/pos/loan", status: null, fault: "apply-then-reset" })
    expect(lines).toContain("[sandbox] in-store loan 5001 created, reply lost (reset): fault injected (posLoan.applyThenFailNext)")
    // The client's retry with the same cartId is refused: the loan it never heard of is found by the status query.
    expect((await posLoan()).status).toBe(400)
  })

  it("applyThenFailAs hang creates the loan and never answers", async () => {
    sandbox.setFaults({ posLoan: { applyThenFailNext: 1, applyThenFailAs: "hang" } })
    await expect(posLoan(300)).rejects.toThrow(/timeout/)
    expect(sandbox.state.requests.at(-1)).toMatchObject({ path: "/api/pos/loan", fault: "apply-then-hang" })
    expect(sandbox.state.loans.size).toBe(1)
  })

  it("failNext and malformedRate create nothing; a truncated body is cut JSON", async () => {
    sandbox.setFaults({ posLoan: { failNext: 1 } })
    expect((await posLoan()).status).toBe(500)
    sandbox.setFaults({ posLoan: { malformedRate: 1 } })
    const malformed = await client.post(`${sandbox.baseUrl}/api/pos/loan`, posLoanRequest(), { headers: POS_HEADERS, responseType: "text" })
    expect(malformed.status).toBe(200)
    expect(() => JSON.parse(malformed.data)).toThrow()
    expect(malformed.data).toMatch(/^\{"message":"payment created"/)
    expect(sandbox.state.loans.size).toBe(0)
    expect(sandbox.outbox()).toEqual([])
  })
})
