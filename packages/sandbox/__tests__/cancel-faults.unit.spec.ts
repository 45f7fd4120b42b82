import type { Sandbox } from "../index"
import { CancelResponse } from "../wire"
import { client, createLoan, POS_HEADERS, startQuietSandbox } from "./helpers"

/** The cancel's faults that act after the loans are cancelled: the cancel is applied, its reply is lost. */
describe("cancel faults", () => {
  let sandbox: Sandbox
  const lines: string[] = []

  beforeEach(async () => {
    lines.length = 0
    sandbox = await startQuietSandbox({ log: (line) => lines.push(line) })
  })
  afterEach(() => sandbox.close())

  const body = { cartId: "cart_01", totalAmount: "1234.50", reason: "customer left" }
  const cancel = (cartId = "cart_01", timeout = 0) =>
    client.post(`${sandbox.baseUrl}/api/pos/loan/cancel`, { ...body, cartId }, { headers: POS_HEADERS, timeout })
  const statusOf = (loanId: number) => sandbox.state.loans.get(loanId)?.status

  it("applyThenFailNext resets the connection after cancelling; a retry is answered as the cancel already applied", async () => {
    const first = await createLoan(sandbox)
    const second = await createLoan(sandbox)
    sandbox.setFaults({ cancel: { applyThenFailNext: 1 } })
    await expect(cancel()).rejects.toMatchObject({ code: expect.stringMatching(/ECONNRESET|ERR_BAD_RESPONSE/) })
    expect([statusOf(first.loanId), statusOf(second.loanId)]).toEqual(["CANCELLED", "CANCELLED"])
    expect(sandbox.state.requests.at(-1)).toMatchObject({ path: "/api/pos/loan/cancel", status: null, fault: "apply-then-reset", body })
    expect(lines).toContain("[sandbox] cancel of cart cart_01 applied, reply lost (reset): fault injected (cancel.applyThenFailNext)")
    const retry = await cancel()
    expect(retry.status).toBe(200)
    expect(CancelResponse.parse(retry.data)).toMatchObject({ cartId: "cart_01", status: "CANCELLED" })
  })

  it("applyThenFailAs hang cancels and never answers: the client times out", async () => {
    const { loanId } = await createLoan(sandbox)
    sandbox.setFaults({ cancel: { applyThenFailNext: 1, applyThenFailAs: "hang" } })
    await expect(cancel("cart_01", 300)).rejects.toThrow(/timeout/)
    expect(statusOf(loanId)).toBe("CANCELLED")
    expect(sandbox.state.requests.at(-1)).toMatchObject({ path: "/api/pos/loan/cancel", status: null, fault: "apply-then-hang" })
  })

  it("applyThenHangRate 1 loses the reply of every cancel applied, but not of one refused", async () => {
    const paid = await createLoan(sandbox, { cartId: "cart_paid" })
    await sandbox.pay(paid.loanId)
    const { loanId } = await createLoan(sandbox)
    sandbox.setFaults({ cancel: { applyThenHangRate: 1 } })
    expect((await cancel("cart_unknown", 300)).status).toBe(404)
    expect((await cancel("cart_paid", 300)).status).toBe(400)
    await expect(cancel("cart_01", 300)).rejects.toThrow(/timeout/)
    expect([statusOf(paid.loanId), statusOf(loanId)]).toEqual(["OUTSTANDING", "CANCELLED"])
  })

  it("failNext applies nothing, and does not spend applyThenFailNext", async () => {
    const { loanId } = await createLoan(sandbox)
    sandbox.setFaults({ cancel: { failNext: 1, applyThenFailNext: 1 } })
    const failed = await cancel()
    expect(failed.status).toBe(500)
    expect(sandbox.state.requests.at(-1)).toMatchObject({ path: "/api/pos/loan/cancel", status: 500, fault: "error" })
    expect(statusOf(loanId)).toBe("REQUEST")
    await expect(cancel()).rejects.toMatchObject({ code: expect.stringMatching(/ECONNRESET|ERR_BAD_RESPONSE/) })
    expect(statusOf(loanId)).toBe("CANCELLED")
    expect((await cancel()).status).toBe(200)
  })
})
