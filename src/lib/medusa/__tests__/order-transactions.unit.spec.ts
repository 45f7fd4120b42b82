import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { leaveRefundRecordToItsWorkflow } from "../order-transactions"

interface Transaction {
  id: string
  order_id: string
  reference: string
  reference_id: string
  amount: number
}

/**
 * One order whose payment `pay_1` holds refunds `refunds`, and the order's transactions, as the
 * payment and order modules answer the calls the plugin makes of them.
 */
function store(refunds: string[], transactions: Transaction[]) {
  const deleted: string[] = []
  const payments = {
    listRefunds: async (filter: { id?: string; payment_id?: string }) =>
      refunds.filter((id) => filter.id === undefined || filter.id === id).map((id) => ({ id, payment_id: "pay_1" })),
  }
  const orders = {
    listOrderTransactions: async (filter: { order_id: string; reference: string; reference_id: string | string[] }) => {
      const ids = ([] as string[]).concat(filter.reference_id)
      return transactions.filter((t) => t.order_id === filter.order_id && t.reference === filter.reference && ids.includes(t.reference_id))
    },
    deleteOrderTransactions: async (ids: string[]) => {
      deleted.push(...ids)
      for (const id of ids)
        transactions.splice(
          transactions.findIndex((t) => t.id === id),
          1,
        )
    },
  }
  const modules: Record<string, unknown> = {
    [Modules.PAYMENT]: payments,
    [Modules.ORDER]: orders,
    [ContainerRegistrationKeys.LOGGER]: { info: () => {} },
  }
  const container = { resolve: (name: string) => modules[name] } as unknown as MedusaContainer
  return { container, transactions, deleted }
}

const refundTx = (id: string, refundId: string, amount: number): Transaction => ({
  id,
  order_id: "order_1",
  reference: "refund",
  reference_id: refundId,
  amount,
})
const ago = (ms: number) => new Date(Date.now() - ms)

describe("leaveRefundRecordToItsWorkflow: a refund's record on the order is its own workflow's", () => {
  it("takes off what another refund's workflow recorded for the refund about to be sent", async () => {
    // The order page's refund of 300 ended while the store's of 200 waited: Medusa recorded both at 300.
    const { container, transactions, deleted } = store(
      ["ref_page", "ref_store"],
      [refundTx("tx_1", "ref_page", -300), refundTx("tx_2", "ref_store", -300)],
    )

    await leaveRefundRecordToItsWorkflow(container, { orderId: "order_1", refundId: "ref_store", accepted: new Map([["ref_page", ago(500)]]) })

    expect(deleted).toEqual(["tx_2"])
    expect(transactions.map((t) => t.reference_id)).toEqual(["ref_page"])
  })

  it("first lets a refund the service accepted a moment ago finish its record, then takes off what it recorded for this one", async () => {
    const { container, transactions, deleted } = store(["ref_store", "ref_page"], [])
    // The store's refund was sent first; its workflow records it (and the page's, which it saw) 200 ms later.
    setTimeout(() => transactions.push(refundTx("tx_1", "ref_store", -200), refundTx("tx_2", "ref_page", -200)), 200)

    const started = Date.now()
    await leaveRefundRecordToItsWorkflow(container, { orderId: "order_1", refundId: "ref_page", accepted: new Map([["ref_store", ago(100)]]) })

    expect(Date.now() - started).toBeGreaterThanOrEqual(190)
    expect(deleted).toEqual(["tx_2"])
    expect(transactions.map((t) => t.reference_id)).toEqual(["ref_store"])
  })

  it("does not wait for a refund accepted long ago that the order never recorded under its own id", async () => {
    const { container, deleted } = store(["ref_old", "ref_new"], [])

    const started = Date.now()
    await leaveRefundRecordToItsWorkflow(container, { orderId: "order_1", refundId: "ref_new", accepted: new Map([["ref_old", ago(60_000)]]) })

    expect(Date.now() - started).toBeLessThan(1_000)
    expect(deleted).toEqual([])
  })

  it("keeps the record of a refund the service accepted already (a repeat of its call)", async () => {
    const { container, deleted } = store(["ref_1"], [refundTx("tx_1", "ref_1", -100)])

    await leaveRefundRecordToItsWorkflow(container, { orderId: "order_1", refundId: "ref_1", accepted: new Map([["ref_1", ago(50)]]) })

    expect(deleted).toEqual([])
  })
})
