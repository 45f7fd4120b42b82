import { RefundRecords } from "../wire"
import { runCli } from "../cli/run"
import type { Sandbox } from "../index"
import { client, createLoan, POS_HEADERS, startQuietSandbox, waitUntil } from "./helpers"

/** A refund made in the service's own portal: the store sees it only in the refund history. */
describe("refund at the service's portal", () => {
  let sandbox: Sandbox

  beforeEach(async () => {
    sandbox = await startQuietSandbox()
  })
  afterEach(() => sandbox.close())

  const history = async (cartId = "cart_01") =>
    RefundRecords.parse((await client.get(`${sandbox.baseUrl}/api/pos/loan/refund/${encodeURIComponent(cartId)}`, { headers: POS_HEADERS })).data)

  async function paidLoan(cartId = "cart_01"): Promise<number> {
    const { loanId } = await createLoan(sandbox, { cartId })
    await sandbox.pay(loanId)
    return loanId
  }

  it("records a REQUESTED refund on the paid loan that settles to REFUNDED, without any API request", async () => {
    const loanId = await paidLoan()
    const requestsBefore = sandbox.state.requests.length
    const refund = sandbox.refundAtService("cart_01", "200.25", "customer called the service")
    expect(refund).toMatchObject({ loanId, cartId: "cart_01", merchantId: 1001, totalAmount: "200.25", status: "REQUESTED" })
    expect(sandbox.state.requests).toHaveLength(requestsBefore)
    // Listed `visibleAfterMs` later, not at once: nothing promises it.
    expect(await history()).toEqual([])
    await waitUntil(() => Date.now() - Date.parse(refund.refundDate) > 300)
    expect(await history()).toEqual([{ cartId: "cart_01", status: "REQUESTED", refundDate: refund.refundDate }])
    await waitUntil(() => sandbox.state.loans.get(loanId)?.refunds[0].status === "REFUNDED")
    expect((await history())[0].status).toBe("REFUNDED")
  })

  it("a refund of the whole rest closes the loan (HISTORICAL), like the pos endpoint", async () => {
    const loanId = await paidLoan()
    sandbox.refundAtService("cart_01", "1234.50")
    expect(sandbox.state.loans.get(loanId)?.refunds[0].reason).toBe("refunded in the service's portal")
    await waitUntil(() => sandbox.state.loans.get(loanId)?.status === "HISTORICAL")
  })

  it("refuses a cart without a paid loan, a zero amount and more than is left", async () => {
    await createLoan(sandbox, { cartId: "cart_unpaid" })
    expect(() => sandbox.refundAtService("cart_unpaid", "1.00")).toThrow(/no paid loan for cartId cart_unpaid/)
    await paidLoan()
    expect(() => sandbox.refundAtService("cart_01", "0.00")).toThrow(/greater than 0/)
    expect(() => sandbox.refundAtService("cart_01", "12.345")).toThrow()
    sandbox.refundAtService("cart_01", "1234.00")
    expect(() => sandbox.refundAtService("cart_01", "0.51")).toThrow(/exceeds what is left/)
  })

  it("is not touched by the refund endpoint's faults", async () => {
    const loanId = await paidLoan()
    sandbox.setFaults({ refund: { rejectNext: 1, applyThenFailNext: 1, failNext: 1 } })
    sandbox.refundAtService("cart_01", "10.00")
    expect(sandbox.state.loans.get(loanId)?.refunds).toHaveLength(1)
  })

  it("through the control API: 200 with the refund, 404 without a paid loan, 400 for a bad amount", async () => {
    const loanId = await paidLoan("cart 01/x")
    const url = `${sandbox.url}/_sandbox/carts/${encodeURIComponent("cart 01/x")}/refunds`
    const made = await client.post(url, { totalAmount: "34.50" })
    expect(made.status).toBe(200)
    expect(made.data).toMatchObject({ loanId, cartId: "cart 01/x", totalAmount: "34.50", status: "REQUESTED" })
    expect((await client.post(`${sandbox.url}/_sandbox/carts/nope/refunds`, { totalAmount: "1.00" })).status).toBe(404)
    const bad = await client.post(url, { totalAmount: "-1" })
    expect(bad.status).toBe(400)
    expect(bad.data.error).toMatch(/totalAmount/)
    expect((await client.post(url, { totalAmount: "9999.00" })).status).toBe(409)
  })

  it("through the CLI: `refund <cartId> <amount> [reason]`", async () => {
    const loanId = await paidLoan()
    const out: string[] = []
    const err: string[] = []
    const io = { out: (text: string) => void out.push(text), err: (text: string) => void err.push(text), env: {} }
    const result = await runCli(["refund", "cart_01", "100.00", "damaged", "box", "--url", sandbox.url], io)
    expect(err).toEqual([])
    expect(result.exitCode).toBe(0)
    expect(out.join("\n")).toMatch(new RegExp(`Refund \\d+ of loan ${loanId}: 100.00, REQUESTED`))
    expect(sandbox.state.loans.get(loanId)?.refunds[0]).toMatchObject({ totalAmount: "100.00", reason: "damaged box" })
    const missing = await runCli(["refund", "cart_01", "--url", sandbox.url], io)
    expect(missing.exitCode).toBe(1)
    expect(err.join("\n")).toMatch(/needs a cartId and an amount/)
  })
})
