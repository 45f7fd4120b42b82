import { z } from "zod"
import { LoanView } from "../http/control-api"
import type { Sandbox } from "../index"
import { WebhookDelivery } from "../state"
import { client, createLoan, type Receiver, startQuietSandbox, startReceiver } from "./helpers"

describe("control API /_sandbox", () => {
  let sandbox: Sandbox
  let receiver: Receiver

  beforeEach(async () => {
    sandbox = await startQuietSandbox()
    receiver = await startReceiver()
  })
  afterEach(async () => {
    await sandbox.close()
    await receiver.close()
  })

  const control = (method: "get" | "post" | "put", path: string, body?: unknown) =>
    client.request({ method, url: `${sandbox.url}/_sandbox${path}`, data: body })

  it("describes the sandbox without revealing apiTokens", async () => {
    const response = await control("get", "")
    expect(response.data).toMatchObject({ url: sandbox.url, authUrl: `${sandbox.url}/api`, baseUrl: sandbox.url, loans: 0 })
    expect(JSON.stringify(response.data)).not.toContain("sandbox-api-token")
  })

  it("lists loans and shows one, with its checkout link", async () => {
    const { loanId, url } = await createLoan(sandbox)
    const loans = z.array(LoanView).parse((await control("get", "/loans")).data)
    expect(loans.map((loan) => [loan.loanId, loan.status, loan.checkoutUrl])).toEqual([[loanId, "REQUEST", url]])
    expect(LoanView.parse((await control("get", `/loans/${loanId}`)).data).cartId).toBe("cart_01")
    expect((await control("get", "/loans/999")).status).toBe(404)
  })

  it("pays a loan and answers the first delivery", async () => {
    const { loanId } = await createLoan(sandbox, { webHookUrl: receiver.url })
    const response = await control("post", `/loans/${loanId}/pay`)
    expect(response.status).toBe(200)
    const { loan, delivery } = z.object({ loan: LoanView, delivery: WebhookDelivery }).parse(response.data)
    expect(loan.status).toBe("OUTSTANDING")
    expect(delivery).toMatchObject({ loanId, status: 200, attempt: 1 })
    expect(receiver.hits).toHaveLength(1)
    const again = await control("post", `/loans/${loanId}/pay`)
    expect(again.status).toBe(409)
    expect(again.data.error).toMatch(/cannot be paid: its status is OUTSTANDING/)
  })

  it("declines, expires and redelivers", async () => {
    const declined = await createLoan(sandbox, { webHookUrl: receiver.url })
    expect(LoanView.parse((await control("post", `/loans/${declined.loanId}/decline`)).data).status).toBe("CANCELLED")
    const expiring = await createLoan(sandbox)
    expect(LoanView.parse((await control("post", `/loans/${expiring.loanId}/expire`)).data).expired).toBe(true)
    expect((await client.get(expiring.url)).status).toBe(410)
    const redelivered = WebhookDelivery.parse((await control("post", `/loans/${declined.loanId}/redeliver`)).data)
    expect(redelivered).toMatchObject({ status: 200 })
    expect(z.array(WebhookDelivery).parse((await control("get", "/webhooks")).data)).toHaveLength(1)
  })

  it("lists received requests with secrets redacted", async () => {
    await createLoan(sandbox)
    const requests = (await control("get", "/requests")).data
    expect(requests.map((request: { path: string; status: number }) => [request.path, request.status])).toEqual([
      ["/api/auth", 200],
      ["/api/loan", 200],
    ])
    expect(requests[0].body.apiToken).toBe("[redacted]")
    expect(requests[1].headers.authorization).toBe("Bearer [redacted]")
  })

  it("sets and clears faults, refusing bad ones with 400", async () => {
    expect((await control("put", "/faults", { status: { failNext: 1 } })).data).toEqual({ status: { failNext: 1 } })
    expect((await client.get(`${sandbox.url}/api/pos/loan/x`, { headers: { api_token: "sandbox-api-token", merchant_id: "1001" } })).status).toBe(500)
    expect((await control("get", "/faults")).data).toEqual({ status: { failNext: 0 } })
    const bad = await control("put", "/faults", { status: { errorRate: "often" } })
    expect(bad.status).toBe(400)
    expect(bad.data.error).toMatch(/status.errorRate/)
    expect((await control("put", "/faults", {})).data).toEqual({})
  })

  it("changes the webhook configuration without echoing the token", async () => {
    const response = await control("put", "/webhook", { auth: "bearer", token: "abc" })
    expect(response.data).toMatchObject({ auth: "bearer", token: "[set]", retries: 0 })
    expect((await control("put", "/webhook", { auth: "basic", token: "" })).status).toBe(400)
  })

  it("resets loans, requests and deliveries but keeps counting ids", async () => {
    const { loanId } = await createLoan(sandbox, { webHookUrl: receiver.url })
    await sandbox.pay(loanId)
    expect((await control("post", "/reset")).status).toBe(200)
    expect(sandbox.state.loans.size).toBe(0)
    expect(sandbox.state.webhooks).toHaveLength(0)
    expect((await createLoan(sandbox)).loanId).toBe(loanId + 1)
  })
})
