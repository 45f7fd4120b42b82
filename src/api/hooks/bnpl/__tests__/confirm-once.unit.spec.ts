import type { MedusaContainer } from "@medusajs/framework/types"
import { confirmOnce } from "../confirm-once"

// The workflow and the ledger stand in for themselves: what is tested is who runs the workflow.
const run = jest.fn()
const rows = new Map<number, { cart_id: string; state: string; order_id?: string; suspect_order_id?: string; attention_reason?: string }>()
jest.mock("../../../../workflows/confirm-loan", () => ({ confirmLoanWorkflow: () => ({ run }) }))
jest.mock("../../../../lib/ledger/ledger", () => ({
  awaitsOrder: jest.requireActual("../../../../lib/ledger/ledger").awaitsOrder,
  rowOfLoan: async (_: unknown, loanId: number) => rows.get(loanId),
}))

const container = {} as MedusaContainer

/** A workflow run that ends when the test says, and then writes the row as the real one does. */
function pendingRun(loanId: number, orderId: string) {
  let finish!: () => void
  run.mockImplementationOnce(
    () =>
      new Promise((resolve) => {
        finish = () => {
          rows.set(loanId, { cart_id: "cart_1", state: "ordered", order_id: orderId })
          resolve({ result: { outcome: "authorized", orderId, rolledForward: false } })
        }
      }),
  )
  return () => finish()
}

describe("confirmOnce: copies of one webhook", () => {
  beforeEach(() => {
    run.mockReset()
    rows.clear()
  })

  it("copies that arrive while a confirmation is under way share it: one workflow run, one answer", async () => {
    const finish = pendingRun(7, "order_1")
    const copies = [1, 2, 3, 4, 5].map(() => confirmOnce(container, "cart_1", 7))
    await new Promise((resolve) => setImmediate(resolve))
    finish()
    const answers = await Promise.all(copies)
    expect(run).toHaveBeenCalledTimes(1)
    expect(new Set(answers)).toEqual(new Set([{ outcome: "authorized", orderId: "order_1", rolledForward: false }]))
  })

  it("a copy after the order is answered from the ledger, without the workflow", async () => {
    rows.set(7, { cart_id: "cart_1", state: "ordered", order_id: "order_1" })
    await expect(confirmOnce(container, "cart_1", 7)).resolves.toEqual({ outcome: "already_authorized", orderId: "order_1" })
    expect(run).not.toHaveBeenCalled()
  })

  it("a loan listed beside its order (refunds that disagree, a look-alike) is answered with its reason, without the workflow", async () => {
    rows.set(7, { cart_id: "cart_1", state: "needs_attention", order_id: "order_1", attention_reason: "refunds disagree" })
    rows.set(8, { cart_id: "cart_1", state: "needs_attention", order_id: "order_2", suspect_order_id: "order_3", attention_reason: "look-alike" })
    await expect(confirmOnce(container, "cart_1", 7)).resolves.toEqual({ outcome: "needs_attention", reason: "refunds disagree" })
    await expect(confirmOnce(container, "cart_1", 8)).resolves.toEqual({ outcome: "needs_attention", reason: "look-alike" })
    expect(run).not.toHaveBeenCalled()
  })

  it("a loan listed for failed completions goes through the workflow: an order may hold it after all", async () => {
    rows.set(7, { cart_id: "cart_1", state: "needs_attention", attention_reason: "stock ran out" })
    run.mockResolvedValue({ result: { outcome: "already_authorized", orderId: "order_1" } })
    await expect(confirmOnce(container, "cart_1", 7)).resolves.toEqual({ outcome: "already_authorized", orderId: "order_1" })
    expect(run).toHaveBeenCalledTimes(1)
  })

  it("a row of another cart, or an open row, goes through the workflow, and the next notification runs it again", async () => {
    rows.set(7, { cart_id: "cart_other", state: "ordered", order_id: "order_9" })
    run.mockResolvedValue({ result: { outcome: "no_pending_session" } })
    await expect(confirmOnce(container, "cart_1", 7)).resolves.toEqual({ outcome: "no_pending_session" })
    rows.set(8, { cart_id: "cart_1", state: "open" })
    await confirmOnce(container, "cart_1", 8)
    await confirmOnce(container, "cart_1", 8)
    expect(run).toHaveBeenCalledTimes(3)
  })

  it("a failed confirmation is not kept: the service's next retry runs a new one", async () => {
    run
      .mockRejectedValueOnce(new Error("database down"))
      .mockResolvedValueOnce({ result: { outcome: "authorized", orderId: "o", rolledForward: false } })
    await expect(confirmOnce(container, "cart_1", 7)).rejects.toThrow("database down")
    await expect(confirmOnce(container, "cart_1", 7)).resolves.toMatchObject({ outcome: "authorized" })
  })
})
