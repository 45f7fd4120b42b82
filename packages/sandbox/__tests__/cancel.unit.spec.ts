import { CancelResponse, ServiceErrorBody } from "../wire"
import type { Sandbox } from "../index"
import { client, createLoan, POS_HEADERS, startQuietSandbox } from "./helpers"

describe("POST /api/pos/loan/cancel", () => {
  let sandbox: Sandbox

  const lines: string[] = []

  beforeEach(async () => {
    lines.length = 0
    // The reasons asserted below travel in the error body's message only with this extension.
    sandbox = await startQuietSandbox({ log: (line) => lines.push(line), extensions: { errorMessages: true } })
  })
  afterEach(() => sandbox.close())

  const cancel = (body: unknown, headers: Record<string, string> = POS_HEADERS) =>
    client.post(`${sandbox.baseUrl}/api/pos/loan/cancel`, body, { headers })
  const body = { cartId: "cart_01", totalAmount: "1234.50", reason: "customer left" }

  it("cancels the cart's unpaid loans", async () => {
    const first = await createLoan(sandbox)
    const second = await createLoan(sandbox)
    const response = await cancel(body)
    expect(response.status).toBe(200)
    const answer = CancelResponse.parse(response.data)
    expect(answer.cartId).toBe("cart_01")
    expect(answer.requestDate).toBe(sandbox.state.loans.get(second.loanId)?.createdAt)
    expect(Date.parse(answer.updateDate)).toBeGreaterThanOrEqual(Date.parse(answer.requestDate))
    expect(sandbox.state.loans.get(first.loanId)?.status).toBe("CANCELLED")
    expect(sandbox.state.loans.get(second.loanId)?.status).toBe("CANCELLED")
  })

  it("is idempotent: cancelling again answers the same", async () => {
    await createLoan(sandbox)
    const first = CancelResponse.parse((await cancel(body)).data)
    const again = await cancel(body)
    expect(again.status).toBe(200)
    expect(CancelResponse.parse(again.data)).toEqual(first)
  })

  it("refuses a paid loan and changes nothing", async () => {
    const { loanId } = await createLoan(sandbox)
    await sandbox.pay(loanId)
    const response = await cancel(body)
    expect(response.status).toBe(400)
    expect(ServiceErrorBody.parse(response.data).message).toBe("loan is paid; refund it instead")
    expect(sandbox.state.loans.get(loanId)?.status).toBe("OUTSTANDING")
  })

  it("answers an empty message by default, as the documented example does, and logs the reason", async () => {
    await sandbox.close()
    sandbox = await startQuietSandbox({ log: (line) => lines.push(line) })
    const { loanId } = await createLoan(sandbox)
    await sandbox.pay(loanId)
    const response = await cancel(body)
    expect(response.status).toBe(400)
    expect(ServiceErrorBody.parse(response.data)).toMatchObject({ status: 400, error: "Bad Request", message: "", path: "/api/pos/loan/cancel" })
    expect(lines.join("\n")).toContain("loan is paid; refund it instead")
  })

  it("cancels the unpaid loan of a cart that also has a cancelled one", async () => {
    await createLoan(sandbox)
    await cancel(body)
    const { loanId } = await createLoan(sandbox)
    expect((await cancel(body)).status).toBe(200)
    expect(sandbox.state.loans.get(loanId)?.status).toBe("CANCELLED")
  })

  it("answers 404 for an unknown cart", async () => {
    const response = await cancel({ ...body, cartId: "cart_unknown" })
    expect(response.status).toBe(404)
    expect(ServiceErrorBody.parse(response.data)).toMatchObject({ status: 404, path: "/api/pos/loan/cancel" })
  })

  it("answers 400 for a bad body and 401 without credentials", async () => {
    const bad = await cancel({ cartId: "cart_01", totalAmount: 1234.5 })
    expect(bad.status).toBe(400)
    expect(bad.data.message).toContain("totalAmount: expected string, received number")
    expect(bad.data.message).toContain("reason: required (expected string)")
    expect((await cancel(body, {})).status).toBe(401)
  })
})
