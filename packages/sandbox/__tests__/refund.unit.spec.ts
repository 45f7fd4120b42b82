import { RefundRecords, RefundResponse, ServiceErrorBody } from "../wire"
import type { Sandbox } from "../index"
import { client, createLoan, POS_HEADERS, startQuietSandbox, waitUntil } from "./helpers"

describe("refunds", () => {
  let sandbox: Sandbox

  beforeEach(async () => {
    // The reasons asserted below travel in the error body's message only with this extension.
    sandbox = await startQuietSandbox({ extensions: { errorMessages: true } })
  })
  afterEach(() => sandbox.close())

  const refund = (totalAmount: string, cartId = "cart_01") =>
    client.post(`${sandbox.baseUrl}/api/pos/loan/refund`, { cartId, totalAmount, reason: "returned" }, { headers: POS_HEADERS })
  const history = (cartId = "cart_01") => client.get(`${sandbox.baseUrl}/api/pos/loan/refund/${cartId}`, { headers: POS_HEADERS })
  /** The history once it lists something: a new refund shows `visibleAfterMs` after it is made. */
  async function listedHistory(cartId = "cart_01") {
    for (const giveUpAt = Date.now() + 3000; ; await new Promise((resolve) => setTimeout(resolve, 20))) {
      const answer = await history(cartId)
      if (answer.data.length || Date.now() > giveUpAt) return answer
    }
  }

  async function paidLoan(): Promise<number> {
    const { loanId } = await createLoan(sandbox)
    await sandbox.pay(loanId)
    return loanId
  }

  it("accepts a partial refund as REQUESTED, then settles it to REFUNDED", async () => {
    const loanId = await paidLoan()
    const response = await refund("200.25")
    expect(response.status).toBe(200)
    expect(RefundResponse.parse(response.data)).toEqual({
      refundId: 7001,
      merchantId: 1001,
      cartId: "cart_01",
      refundStatus: "REQUESTED",
      refundDate: expect.any(String),
    })
    // Not listed at once (nothing promises it), then exactly what the documentation promises: no amount, no refund id.
    expect((await history()).data).toEqual([])
    expect((await listedHistory()).data).toEqual([{ cartId: "cart_01", status: "REQUESTED", refundDate: response.data.refundDate }])
    await waitUntil(() => sandbox.state.loans.get(loanId)?.refunds[0].status === "REFUNDED")
    expect(RefundRecords.parse((await history()).data)[0].status).toBe("REFUNDED")
    expect(sandbox.state.loans.get(loanId)?.status).toBe("OUTSTANDING")
  })

  it("refunds the rest, after which the loan becomes HISTORICAL", async () => {
    const loanId = await paidLoan()
    expect((await refund("1000")).data.refundStatus).toBe("REQUESTED")
    expect((await refund("234.50")).data.refundStatus).toBe("REQUESTED")
    await waitUntil(() => sandbox.state.loans.get(loanId)?.status === "HISTORICAL")
    const records = RefundRecords.parse((await history()).data)
    expect(records.map((record) => record.status)).toEqual(["REFUNDED", "REFUNDED"])
  })

  it("adds totalAmount and refundId to the history only with the refundHistoryDetails extension", async () => {
    await sandbox.close()
    sandbox = await startQuietSandbox({ extensions: { refundHistoryDetails: true } })
    await paidLoan()
    const response = await refund("200.25")
    expect((await listedHistory()).data).toEqual([
      { cartId: "cart_01", status: "REQUESTED", refundDate: response.data.refundDate, totalAmount: "200.25", refundId: response.data.refundId },
    ])
  })

  it("with historyDelayMs never, keeps an accepted refund out of the history, and is idle without waiting for it", async () => {
    const loanId = await paidLoan()
    sandbox.setFaults({ refund: { historyDelayMs: "never" } })
    expect((await refund("100.00")).data.refundStatus).toBe("REQUESTED")
    sandbox.setFaults({})
    const shown = await refund("50.00")

    await sandbox.idle()

    expect(sandbox.state.loans.get(loanId)?.refunds.map((r) => r.totalAmount)).toEqual(["100.00", "50.00"])
    expect((await history()).data).toEqual([expect.objectContaining({ refundDate: shown.data.refundDate })])
  })

  it("REJECTS more than what is left to refund, to the cent, and records nothing", async () => {
    const loanId = await paidLoan()
    await refund("1234.00")
    const over = await refund("0.51")
    expect(over.status).toBe(200)
    expect(RefundResponse.parse(over.data)).toMatchObject({ refundStatus: "REJECTED", cartId: "cart_01", merchantId: 1001 })
    expect(sandbox.state.loans.get(loanId)?.refunds).toHaveLength(1)
    expect((await refund("0.50")).data.refundStatus).toBe("REQUESTED")
  })

  it("answers 400 when the cart has no paid loan", async () => {
    await createLoan(sandbox)
    const unpaid = await refund("10.00")
    expect(unpaid.status).toBe(400)
    expect(ServiceErrorBody.parse(unpaid.data).message).toBe("no paid loan for cartId cart_01")
    expect((await refund("10.00", "cart_unknown")).status).toBe(400)
  })

  it("answers 400 for a zero or malformed amount", async () => {
    await paidLoan()
    expect((await refund("0.00")).status).toBe(400)
    const malformed = await refund("12.345")
    expect(malformed.status).toBe(400)
    expect(malformed.data.message).toContain("totalAmount: must be a decimal string")
  })

  it("answers an empty history for a cart without refunds, and 401 without credentials", async () => {
    expect((await history("cart_none")).data).toEqual([])
    const response = await client.get(`${sandbox.baseUrl}/api/pos/loan/refund/cart_01`)
    expect(response.status).toBe(401)
  })
})
