import { RefundRecords, RefundResponse } from "../wire"
import type { Sandbox } from "../index"
import { client, createLoan, POS_HEADERS, startQuietSandbox, waitUntil } from "./helpers"

/** The refund endpoint's faults that act after the service decided: lost replies and rejections. */
describe("refund faults", () => {
  let sandbox: Sandbox

  beforeEach(async () => {
    sandbox = await startQuietSandbox()
  })
  afterEach(() => sandbox.close())

  const refund = (totalAmount: string, timeout = 0) =>
    client.post(`${sandbox.baseUrl}/api/pos/loan/refund`, { cartId: "cart_01", totalAmount, reason: "returned" }, { headers: POS_HEADERS, timeout })
  const history = async () => RefundRecords.parse((await client.get(`${sandbox.baseUrl}/api/pos/loan/refund/cart_01`, { headers: POS_HEADERS })).data)

  async function paidLoan(): Promise<number> {
    const { loanId } = await createLoan(sandbox)
    await sandbox.pay(loanId)
    return loanId
  }

  it("applyThenFailNext resets the connection after recording the refund, which then settles", async () => {
    const loanId = await paidLoan()
    sandbox.setFaults({ refund: { applyThenFailNext: 1 } })
    await expect(refund("200.25")).rejects.toMatchObject({ code: expect.stringMatching(/ECONNRESET|ERR_BAD_RESPONSE/) })
    expect(sandbox.state.loans.get(loanId)?.refunds).toEqual([expect.objectContaining({ totalAmount: "200.25", status: "REQUESTED" })])
    expect(sandbox.state.requests.at(-1)).toMatchObject({
      path: "/api/pos/loan/refund",
      status: null,
      fault: "apply-then-reset",
      body: { cartId: "cart_01", totalAmount: "200.25", reason: "returned" },
    })
    await waitUntil(() => sandbox.state.loans.get(loanId)?.refunds[0].status === "REFUNDED")
    expect(await history()).toEqual([{ cartId: "cart_01", status: "REFUNDED", refundDate: expect.any(String) }])
    // Counted down: the next refund is answered.
    const next = await refund("10.00")
    expect(next.status).toBe(200)
    expect(RefundResponse.parse(next.data).refundStatus).toBe("REQUESTED")
  })

  it("applyThenFailAs hang records the refund and never answers: the client times out", async () => {
    const loanId = await paidLoan()
    sandbox.setFaults({ refund: { applyThenFailNext: 1, applyThenFailAs: "hang" } })
    await expect(refund("1234.50", 300)).rejects.toThrow(/timeout/)
    expect(sandbox.state.loans.get(loanId)?.refunds.map((r) => r.totalAmount)).toEqual(["1234.50"])
    expect(sandbox.state.requests.at(-1)).toMatchObject({ status: null, fault: "apply-then-hang" })
    await waitUntil(() => sandbox.state.loans.get(loanId)?.status === "HISTORICAL")
  })

  it("applyThenHangRate 1 loses every accepted refund's reply, but not a REJECTED one's", async () => {
    const loanId = await paidLoan()
    sandbox.setFaults({ refund: { applyThenHangRate: 1 } })
    await expect(refund("1000.00", 300)).rejects.toThrow(/timeout/)
    const over = await refund("500.00", 300)
    expect(RefundResponse.parse(over.data).refundStatus).toBe("REJECTED")
    expect(sandbox.state.loans.get(loanId)?.refunds.map((r) => r.totalAmount)).toEqual(["1000.00"])
  })

  it("rejectNext answers 200 REJECTED for a refund that would be accepted, and records nothing", async () => {
    const loanId = await paidLoan()
    sandbox.setFaults({ refund: { rejectNext: 1 } })
    const rejected = await refund("100.00")
    expect(rejected.status).toBe(200)
    expect(RefundResponse.parse(rejected.data)).toEqual({
      refundId: expect.any(Number),
      merchantId: 1001,
      cartId: "cart_01",
      refundStatus: "REJECTED",
      refundDate: expect.any(String),
    })
    expect(sandbox.state.requests.at(-1)).toMatchObject({ path: "/api/pos/loan/refund", status: 200, fault: "reject" })
    expect(sandbox.state.loans.get(loanId)?.refunds).toEqual([])
    expect(await history()).toEqual([])
    expect(RefundResponse.parse((await refund("100.00")).data).refundStatus).toBe("REQUESTED")
  })

  it("rejectNext is not spent on a refund that is rejected anyway", async () => {
    await paidLoan()
    sandbox.setFaults({ refund: { rejectNext: 1 } })
    expect(RefundResponse.parse((await refund("5000.00")).data).refundStatus).toBe("REJECTED")
    expect(sandbox.state.requests.at(-1)?.fault).toBeNull()
    expect(RefundResponse.parse((await refund("1.00")).data).refundStatus).toBe("REJECTED")
    expect(RefundResponse.parse((await refund("1.00")).data).refundStatus).toBe("REQUESTED")
  })

  it("refuses misspelt refund fault keys", () => {
    expect(() => sandbox.setFaults({ refund: { rejectnext: 1 } } as never)).toThrow()
    expect(() => sandbox.setFaults({ status: { rejectNext: 1 } } as never)).toThrow()
    expect(() => sandbox.setFaults({ refund: { applyThenFailAs: "drop" } } as never)).toThrow()
  })
})
