import type { MedusaContainer } from "@medusajs/framework/types"
import { confirmNotifiedLoan } from "../confirm-notified-loan"

// The workflow and the ledger stand in for themselves: what is tested is who runs the workflow.
const run = jest.fn()
type Row = {
  service_cart_id: string
  holder: string
  payment_collection_id?: string
  state: string
  order_id?: string
  suspect_order_id?: string
  attention_reason?: string
}
const rows = new Map<number, Row>()
jest.mock("../../../../workflows/confirm-loan", () => ({ confirmLoan: (_: unknown, input: unknown) => run({ input }) }))
// A balance's loan no session holds is offered to the resumption, which finds none to resume here.
jest.mock("../../../../workflows/resume-paid-loan", () => ({ resumePaidLoanWorkflow: () => ({ run: async () => ({ result: false }) }) }))
jest.mock("../../../../lib/ledger/ledger", () => ({
  awaitsOrder: jest.requireActual("../../../../lib/ledger/ledger").awaitsOrder,
  rowOfLoan: async (_: unknown, loanId: number) => rows.get(loanId),
  ledgerOf: () => ({
    listBnplLoans: async ({ service_cart_id }: { service_cart_id: string }) =>
      [...rows.values()].filter((row) => row.service_cart_id === service_cart_id),
    findLoanRequest: async () => undefined,
  }),
}))

/** Medusa's payment module, which knows one order's balance collection. */
const container = {
  resolve: () => ({ listPaymentCollections: async ({ id }: { id: string }) => (id === "pay_col_balance" ? [{ id }] : []) }),
} as unknown as MedusaContainer
const holderRun = (n: number) => run.mock.calls[n][0].input.holder

describe("confirmNotifiedLoan: copies of one webhook", () => {
  beforeEach(() => {
    run.mockReset()
    rows.clear()
  })

  it("a copy after the order is answered from the ledger, without the workflow", async () => {
    rows.set(7, { service_cart_id: "cart_1", holder: "cart", state: "ordered", order_id: "order_1" })
    await expect(confirmNotifiedLoan(container, "cart_1", 7)).resolves.toEqual({ outcome: "already_authorized", orderId: "order_1" })
    expect(run).not.toHaveBeenCalled()
  })

  it("a loan listed beside its order (refunds that disagree, a look-alike) is answered with its reason, without the workflow", async () => {
    rows.set(7, { service_cart_id: "cart_1", holder: "cart", state: "needs_attention", order_id: "order_1", attention_reason: "refunds disagree" })
    rows.set(8, {
      service_cart_id: "cart_1",
      holder: "cart",
      state: "needs_attention",
      order_id: "order_2",
      suspect_order_id: "order_3",
      attention_reason: "look-alike",
    })
    await expect(confirmNotifiedLoan(container, "cart_1", 7)).resolves.toEqual({ outcome: "needs_attention", reason: "refunds disagree" })
    await expect(confirmNotifiedLoan(container, "cart_1", 8)).resolves.toEqual({ outcome: "needs_attention", reason: "look-alike" })
    expect(run).not.toHaveBeenCalled()
  })

  it("a loan listed for failed completions goes through the workflow: an order may hold it after all", async () => {
    rows.set(7, { service_cart_id: "cart_1", holder: "cart", state: "needs_attention", attention_reason: "stock ran out" })
    run.mockResolvedValue({ result: { outcome: "already_authorized", orderId: "order_1" } })
    await expect(confirmNotifiedLoan(container, "cart_1", 7)).resolves.toEqual({ outcome: "already_authorized", orderId: "order_1" })
    expect(run).toHaveBeenCalledTimes(1)
  })

  it("a row of another cart, or an open row, goes through the workflow, and the next notification runs it again", async () => {
    rows.set(7, { service_cart_id: "cart_other", holder: "cart", state: "ordered", order_id: "order_9" })
    run.mockResolvedValue({ result: { outcome: "no_pending_session" } })
    await expect(confirmNotifiedLoan(container, "cart_1", 7)).resolves.toEqual({ outcome: "no_pending_session" })
    rows.set(8, { service_cart_id: "cart_1", holder: "cart", state: "open" })
    await confirmNotifiedLoan(container, "cart_1", 8)
    await confirmNotifiedLoan(container, "cart_1", 8)
    expect(run).toHaveBeenCalledTimes(3)
    expect([0, 1].map(holderRun)).toEqual([
      { type: "cart", cart_id: "cart_1" },
      { type: "cart", cart_id: "cart_1" },
    ])
  })

  it("the workflow is told what the loan pays: by its row, else by another row of its cartId, else by Medusa's records", async () => {
    run.mockResolvedValue({ result: { outcome: "no_pending_session" } })
    rows.set(7, { service_cart_id: "sale_1", holder: "order_balance", payment_collection_id: "pay_col_sale", state: "open" })
    await confirmNotifiedLoan(container, "sale_1", 7)
    await confirmNotifiedLoan(container, "sale_1", 8)
    await confirmNotifiedLoan(container, "pay_col_balance", 9)
    await confirmNotifiedLoan(container, "cart_2", 10)
    expect([0, 1, 2, 3].map(holderRun)).toEqual([
      { type: "order_balance", payment_collection_id: "pay_col_sale", service_cart_id: "sale_1" },
      { type: "order_balance", payment_collection_id: "pay_col_sale", service_cart_id: "sale_1" },
      { type: "order_balance", payment_collection_id: "pay_col_balance", service_cart_id: "pay_col_balance" },
      { type: "cart", cart_id: "cart_2" },
    ])
  })

  it("a failed confirmation leaves nothing behind: the service's next retry runs a new one", async () => {
    run
      .mockRejectedValueOnce(new Error("database down"))
      .mockResolvedValueOnce({ result: { outcome: "authorized", orderId: "o", rolledForward: false } })
    await expect(confirmNotifiedLoan(container, "cart_1", 7)).rejects.toThrow("database down")
    await expect(confirmNotifiedLoan(container, "cart_1", 7)).resolves.toMatchObject({ outcome: "authorized" })
  })
})
