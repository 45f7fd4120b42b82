import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { BranchesCreated, ServiceErrorBody } from "../wire"
import type { Sandbox } from "../index"
import { bearerHeaders, client, createLoan, createPosLoan, POS_HEADERS, posLoanRequest, startQuietSandbox } from "./helpers"

describe("POST /merchant/send-checkout/:cartId", () => {
  let sandbox: Sandbox

  beforeEach(async () => {
    sandbox = await startQuietSandbox({ extensions: { errorMessages: true } })
  })
  afterEach(() => sandbox.close())

  const sendCheckout = async (cartId: string, body: unknown, headers?: Record<string, string>) =>
    client.post(`${sandbox.merchantUrl}/merchant/send-checkout/${encodeURIComponent(cartId)}`, body, {
      headers: headers ?? POS_HEADERS,
      responseType: "text",
    })
  const resend = (phoneNumber: string, channels: string[]) => ({ target: { phoneNumber }, channels })

  it("sends the link again, once per channel, to the same or another phone: 200 with no body", async () => {
    const { loanId, url } = await createPosLoan(sandbox, { commChannel: "q" })
    const response = await sendCheckout("pos_cart_01", resend("5587654321", ["WHATSAPP", "SMS", "SMS"]))
    expect(response.status).toBe(200)
    expect(response.data).toBe("")
    expect((await sendCheckout("pos_cart_01", resend("5512345678", ["SMS"]))).status).toBe(200)
    const message = (phone: string, channel: string) => ({ at: expect.any(String), cartId: "pos_cart_01", loanId, phone, channel, link: url })
    expect(sandbox.outbox()).toEqual([
      message("5512345678", "QR"),
      message("5587654321", "WHATSAPP"),
      message("5587654321", "SMS"),
      message("5512345678", "SMS"),
    ])
  })

  it("sends an online cart's newest waiting loan", async () => {
    await createLoan(sandbox, { cartId: "web_cart" })
    const newest = await createLoan(sandbox, { cartId: "web_cart" })
    expect((await sendCheckout("web_cart", resend("5512345678", ["WHATSAPP"]))).status).toBe(200)
    expect(sandbox.outbox()).toEqual([expect.objectContaining({ loanId: newest.loanId, link: newest.url })])
  })

  it.each([
    ["a phone that is not ten digits", resend("55 1234 5678", ["SMS"]), "target.phoneNumber: must be ten digits"],
    ["a channel it cannot send by", resend("5512345678", ["QR"]), "channels[0]: must be WHATSAPP or SMS: a QR code is shown, not sent"],
    ["no channel", resend("5512345678", []), "channels: name at least one channel: WHATSAPP or SMS"],
    ["no target", { channels: ["SMS"] }, "target: "],
  ])("answers 400 for %s and sends nothing", async (_case, body, reason) => {
    await createPosLoan(sandbox)
    const response = await sendCheckout("pos_cart_01", body)
    expect(response.status).toBe(400)
    expect(ServiceErrorBody.parse(JSON.parse(response.data))).toMatchObject({ status: 400, path: "/merchant/send-checkout/pos_cart_01" })
    expect(JSON.parse(response.data).message).toContain(reason)
    expect(sandbox.outbox()).toHaveLength(1)
  })

  it("answers 400 for an unknown cart, a paid one, a cancelled one and an expired link, sending nothing", async () => {
    const reasonOf = async (cartId: string) => {
      const response = await sendCheckout(cartId, resend("5512345678", ["SMS"]))
      expect(response.status).toBe(400)
      return JSON.parse(response.data).message as string
    }
    expect(await reasonOf("nobody")).toBe("no payment for cartId nobody: create one with POST /api/pos/loan")
    const paid = await createPosLoan(sandbox, { cartId: "paid" })
    await sandbox.pay(paid.loanId)
    expect(await reasonOf("paid")).toBe(`cart paid is paid (loan ${paid.loanId} is OUTSTANDING); refund it instead`)
    const cancelled = await createPosLoan(sandbox, { cartId: "cancelled" })
    await client.post(`${sandbox.baseUrl}/api/pos/loan/cancel`, { cartId: "cancelled", totalAmount: "1100", reason: "r" }, { headers: POS_HEADERS })
    expect(sandbox.state.loans.get(cancelled.loanId)?.status).toBe("CANCELLED")
    expect(await reasonOf("cancelled")).toMatch(/^cart cancelled has no loan left to pay: every one is CANCELLED/)
    const expired = await createPosLoan(sandbox, { cartId: "expired" })
    sandbox.expire(expired.loanId)
    expect(await reasonOf("expired")).toBe(`the checkout link of loan ${expired.loanId} expired; create a new payment`)
    expect(sandbox.outbox().map((message) => message.channel)).toEqual(["WHATSAPP", "WHATSAPP", "WHATSAPP"])
  })

  it("takes the in-store API's headers, api_token and merchant_id; 401 with a Bearer token or a wrong pair", async () => {
    await createPosLoan(sandbox)
    const body = resend("5512345678", ["SMS"])
    expect((await sendCheckout("pos_cart_01", body, await bearerHeaders(sandbox))).status).toBe(401)
    expect((await sendCheckout("pos_cart_01", body, { merchant_id: "1001" })).status).toBe(401)
    expect((await sendCheckout("pos_cart_01", body, { ...POS_HEADERS, api_token: "wrong" })).status).toBe(401)
    expect((await sendCheckout("pos_cart_01", body, POS_HEADERS)).status).toBe(200)
    expect((await sendCheckout("pos_cart_01", body, POS_HEADERS)).status).toBe(200)
    expect(sandbox.outbox()).toHaveLength(3)
  })

  it("answers 404 with the service's error body for anything else on the merchant host", async () => {
    const response = await client.post(`${sandbox.merchantUrl}/merchant/send-link/x`, {})
    expect(response.status).toBe(404)
    expect(ServiceErrorBody.parse(response.data)).toMatchObject({ status: 404, path: "/merchant/send-link/x" })
  })
})

describe("POST /merchant/create-branch", () => {
  let sandbox: Sandbox

  beforeEach(async () => {
    sandbox = await startQuietSandbox({ extensions: { errorMessages: true } })
  })
  afterEach(() => sandbox.close())

  const createBranch = async (body: unknown, headers?: Record<string, string>) =>
    client.post(`${sandbox.merchantUrl}/merchant/create-branch`, body, { headers: headers ?? POS_HEADERS })

  it("answers the new branches' ids, numbered on from the one every merchant starts with; in-store loans take them as shopId", async () => {
    const response = await createBranch({ branches: ["Centro", "Polanco"] })
    expect(response.status).toBe(200)
    expect(BranchesCreated.parse(response.data)).toEqual({
      branches: [
        { branchId: "2", name: "Centro" },
        { branchId: "3", name: "Polanco" },
      ],
    })
    expect(BranchesCreated.parse((await createBranch({ branches: ["Roma"] })).data).branches).toEqual([{ branchId: "4", name: "Roma" }])
    expect((await client.post(`${sandbox.baseUrl}/api/pos/loan`, posLoanRequest({ shopId: "3" }), { headers: POS_HEADERS })).status).toBe(200)
    const described = await client.get(`${sandbox.url}/_sandbox`)
    expect(described.data.merchants[0]).toMatchObject({
      merchantId: 1001,
      branches: [{ branchId: "1" }, { branchId: "2" }, { branchId: "3" }, { branchId: "4" }],
    })
    expect(described.data.merchants[1].branches).toEqual([{ branchId: "1", name: "Matriz" }])
  })

  it.each([
    ["no names", { branches: [] }, "branches: name at least one branch"],
    ["an empty name", { branches: ["Centro", " "] }, "branches[1]: a branch needs a name"],
    ["a name that is not text", { branches: [7] }, "branches[0]: expected string, received number"],
    ["no branches", {}, "branches: required (expected array)"],
  ])("answers 400 for %s and registers nothing", async (_case, body, reason) => {
    const response = await createBranch(body)
    expect(response.status).toBe(400)
    expect(ServiceErrorBody.parse(response.data).message).toBe(reason)
    expect(sandbox.state.branches).toHaveLength(2)
  })

  it("answers 401 without the pos headers, a Bearer token included", async () => {
    expect((await createBranch({ branches: ["Centro"] }, await bearerHeaders(sandbox))).status).toBe(401)
    expect(sandbox.state.branches).toHaveLength(2)
  })

  it("keeps registered branches across a restart with persistFile, and across reset", async () => {
    const dir = mkdtempSync(join(tmpdir(), "bnpl-sandbox-"))
    try {
      await sandbox.close()
      sandbox = await startQuietSandbox({ persistFile: join(dir, "sandbox.json") })
      await createBranch({ branches: ["Centro"] })
      sandbox.reset()
      await sandbox.close()
      sandbox = await startQuietSandbox({ persistFile: join(dir, "sandbox.json") })
      expect(sandbox.state.branches.filter((branch) => branch.merchantId === 1001)).toEqual([
        { merchantId: 1001, branchId: "1", name: "Matriz" },
        { merchantId: 1001, branchId: "2", name: "Centro" },
      ])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
