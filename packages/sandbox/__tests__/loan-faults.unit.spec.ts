import type { Sandbox } from "../index"
import { LoanCreated, LoanRecords } from "../wire"
import { bearer, client, loanRequest, MERCHANT, POS_HEADERS, startQuietSandbox } from "./helpers"

/** Loan creation's faults that act after the loan is created: the loan exists, its reply is lost. */
describe("loan faults", () => {
  let sandbox: Sandbox
  const lines: string[] = []

  beforeEach(async () => {
    lines.length = 0
    sandbox = await startQuietSandbox({ log: (line) => lines.push(line) })
  })
  afterEach(() => sandbox.close())

  async function postLoan(body: unknown = loanRequest(), timeout = 0) {
    const headers = { authorization: await bearer(sandbox), merchant_id: String(MERCHANT.merchantId) }
    return client.post(`${sandbox.authUrl}/loan`, body, { headers, timeout })
  }
  const status = async () => LoanRecords.parse((await client.get(`${sandbox.baseUrl}/api/pos/loan/cart_01`, { headers: POS_HEADERS })).data)

  it("applyThenFailNext resets the connection after creating the loan, which the status query then shows", async () => {
    sandbox.setFaults({ loan: { applyThenFailNext: 1 } })
    await expect(postLoan()).rejects.toMatchObject({ code: expect.stringMatching(/ECONNRESET|ERR_BAD_RESPONSE/) })
    expect([...sandbox.state.loans.values()]).toEqual([expect.objectContaining({ loanId: 5001, cartId: "cart_01", status: "REQUEST" })])
    expect(sandbox.state.requests.at(-1)).toMatchObject({
      path: "/api/loan",
      status: null,
      fault: "apply-then-reset",
      body: expect.objectContaining({ cartId: "cart_01", totalPrice: 1234.5 }),
    })
    expect(lines).toContain("[sandbox] loan 5001 created, reply lost (reset): fault injected (loan.applyThenFailNext)")
    expect(await status()).toEqual([expect.objectContaining({ loanId: 5001, status: "REQUEST" })])
    // Counted down: the next loan is answered.
    const next = await postLoan()
    expect(next.status).toBe(200)
    expect(LoanCreated.parse(next.data).loanId).toBe(5002)
  })

  it("applyThenFailAs hang creates the loan and never answers: the client times out, and the loan can still be paid", async () => {
    sandbox.setFaults({ loan: { applyThenFailNext: 1, applyThenFailAs: "hang" } })
    await expect(postLoan(loanRequest(), 300)).rejects.toThrow(/timeout/)
    expect(sandbox.state.requests.at(-1)).toMatchObject({ path: "/api/loan", status: null, fault: "apply-then-hang" })
    await sandbox.pay(5001)
    expect(sandbox.state.loans.get(5001)?.status).toBe("OUTSTANDING")
  })

  it("applyThenHangRate 1 loses every created loan's reply, but not a refused request's", async () => {
    sandbox.setFaults({ loan: { applyThenHangRate: 1 } })
    const refused = await postLoan({ ...loanRequest(), totalPrice: "1234.50" }, 300)
    expect(refused.status).toBe(400)
    await expect(postLoan(loanRequest(), 300)).rejects.toThrow(/timeout/)
    expect([...sandbox.state.loans.keys()]).toEqual([5001])
  })

  it("applyThenFailNext is not spent on a request that creates nothing", async () => {
    sandbox.setFaults({ loan: { failNext: 1, applyThenFailNext: 1 } })
    const failed = await postLoan()
    expect(failed.status).toBe(500)
    expect(sandbox.state.requests.at(-1)).toMatchObject({ path: "/api/loan", status: 500, fault: "error" })
    expect((await postLoan({ ...loanRequest(), totalPrice: 1300 })).status).toBe(400)
    expect(sandbox.state.loans.size).toBe(0)
    await expect(postLoan()).rejects.toMatchObject({ code: expect.stringMatching(/ECONNRESET|ERR_BAD_RESPONSE/) })
    expect(sandbox.state.loans.size).toBe(1)
    expect((await postLoan()).status).toBe(200)
  })

  it("refuses the apply-then faults on endpoints that change nothing", () => {
    expect(() => sandbox.setFaults({ status: { applyThenFailNext: 1 } } as never)).toThrow()
    expect(() => sandbox.setFaults({ refundHistory: { applyThenHangRate: 1 } } as never)).toThrow()
    expect(() => sandbox.setFaults({ loan: { rejectNext: 1 } } as never)).toThrow()
    expect(() => sandbox.setFaults({ loan: { applyThenFailAs: "drop" } } as never)).toThrow()
  })
})
