import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { IEventBusModuleService, Message } from "@medusajs/framework/types"
import { refundPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { BNPL_LEDGER_MODULE, type BnplLedgerService } from "../../src/modules/bnpl"
import { STORE_REFUND } from "../../src/lib/provider-channel/application-container"
import { loanLocksOf, underLocks } from "../../src/lib/ledger/locks"
import { withHandOver } from "../../src/lib/provider-channel/hand-over"
import { checkRefundsWorkflow } from "../../src/workflows/refund-check"
import { CANCEL_REFUND, cancelOrderWithLoansWorkflow, cancelRefunds } from "../../src/workflows/cancel-refund"
import { refundRequests, useSandbox } from "../helpers/environment"
import { adminHeaders, useStorefront } from "../helpers/store"
import { until } from "../helpers/until"

jest.setTimeout(120_000)

/**
 * The store's own refunds beside the plugin's paths.
 *
 * What the plugin hands the payment provider around the admin's cancel and the order page's
 * refund reaches only the provider calls of that cancel or refund. Medusa's local event bus runs
 * subscribers inside the async context of the workflow that released the events, so a store's
 * subscriber that refunds another order from there is the store's own code: its refund is booked
 * with the store's reason, under its own cart's lock, as any refund the store's code starts.
 *
 * Medusa commits its refund before it calls the provider, and the provider books the store's own
 * refund only once it holds the loan's lock. A path holding that lock in between (a refund check,
 * the admin's cancel) finds a refund of Medusa's that the book lacks: it must leave it to the
 * provider, which books it and sends it, instead of booking it as done (the provider would then
 * find it booked and send nothing) or refunding its amount a second time.
 */
const env = useSandbox({}, { BNPL_REFUND_CHECK_HOURS: "0" })

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const shop = useStorefront(env, api, getContainer)
    const ledger = () => getContainer().resolve<BnplLedgerService>(BNPL_LEDGER_MODULE)

    /** An order of one line, its loan paid and captured. */
    async function paidOrder() {
      const { id: cartId } = await shop.cart()
      const cart = (await shop.addItem(cartId, 1, 1)) as { id: string }
      const session = await shop.bnplSession(cart.id)
      await env.sandbox.pay(session.data.loan_id)
      const completed = await shop.complete(cart.id)
      expect(completed.data.type).toBe("order")
      const orderId = completed.data.order.id as string
      const payment = await paymentOf(orderId)
      return {
        orderId,
        paymentId: payment.id,
        loanId: session.data.loan_id as number,
        serviceCartId: session.data.service_cart_id as string,
        amount: Number(session.data.amount),
      }
    }

    async function paymentOf(orderId: string) {
      const { data } = await getContainer()
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({
          entity: "order",
          fields: ["status", "payment_collections.payments.id", "payment_collections.payments.refunds.id"],
          filters: { id: orderId },
        })
      const order = data[0] as { status: string; payment_collections: Array<{ payments: Array<{ id: string; refunds: Array<{ id: string }> }> }> }
      return { ...order.payment_collections[0].payments[0], orderStatus: order.status }
    }

    /**
     * Runs `work` holding the loan's lock while the store's own refund of 100 waits for it: Medusa
     * has recorded that refund, and its provider call waits for the lock. Answers what `work` and
     * the store's refund gave.
     */
    async function whileStoreRefundWaits<T>(order: Awaited<ReturnType<typeof paidOrder>>, work: () => Promise<T>) {
      const container = getContainer()
      let storeRefund!: Promise<{ errors: unknown[] }>
      const result = await underLocks(container, await loanLocksOf(container, [order.serviceCartId]), async () => {
        storeRefund = refundPaymentWorkflow(container).run({ input: { payment_id: order.paymentId, amount: 100 }, throwOnError: false })
        await until(
          async () => (await paymentOf(order.orderId)).refunds,
          (refunds) => refunds.length === 1,
        )
        return work().catch((error: Error) => error)
      })
      return { result, store: await storeRefund }
    }

    /** A store's subscriber on `event` that, when `when` matches, refunds 100 of `paymentId` through Medusa's own workflow. */
    function storeSubscriber(event: string, when: (data: Record<string, unknown>) => boolean, paymentId: string) {
      const bus = getContainer().resolve<IEventBusModuleService>(Modules.EVENT_BUS)
      const errors: unknown[] = []
      const subscriber = async (message: Message) => {
        if (!when(message.data as Record<string, unknown>)) return
        const run = await refundPaymentWorkflow(getContainer()).run({ input: { payment_id: paymentId, amount: 100 }, throwOnError: false })
        errors.push(...run.errors)
      }
      bus.subscribe(event, subscriber, { subscriberId: `test-store-refund-${event}` })
      return { errors, stop: () => bus.unsubscribe(event, subscriber, { subscriberId: `test-store-refund-${event}` }) }
    }

    /**
     * The admin's cancel of an order, and the work its `order.canceled` subscriber does after the
     * route answers, up to the refund check that ends it (it stamps the loan's row). The test waits
     * for it: left running, it meets the next test's database restore or the suite's shutdown,
     * which then waits on its connections.
     */
    async function adminCancel(order: { orderId: string; loanId: number }) {
      const asked = new Date()
      const response = await api.post(`/admin/orders/${order.orderId}/cancel`, {}, await adminHeaders(api))
      const checkedSince = (rows: Array<{ checked_at: Date | null }>) => rows.map((row) => !!row.checked_at && new Date(row.checked_at) >= asked)
      const rows = await until(
        async () => ledger().listBnplLoans({ loan_id: order.loanId }),
        (found) => checkedSince(found)[0] === true,
      )
      expect(checkedSince(rows)).toEqual([true])
      return response
    }

    const bookOf = async (loanId: number) =>
      until(
        async () => ledger().listBnplRefunds({ loan_id: loanId }),
        (entries) => entries.length > 0 && entries.every((e) => e.state !== "sending"),
      )

    it("a refund a store's subscriber starts on order.canceled, fired by the admin's cancel, is booked as the store's", async () => {
      const cancelled = await paidOrder()
      const other = await paidOrder()
      const sub = storeSubscriber("order.canceled", (data) => data.id === cancelled.orderId, other.paymentId)
      try {
        expect((await adminCancel(cancelled)).status).toBe(200)
        const book = await bookOf(other.loanId)
        expect(sub.errors).toEqual([])
        expect(book.map((e) => [e.state, Number(e.amount), e.reason])).toEqual([["accepted", 100, STORE_REFUND]])
      } finally {
        sub.stop()
      }
    })

    it("the store's own refund of the same payment, started while the order page's refund holds the loan's lock, waits for it and is the store's", async () => {
      const order = await paidOrder()
      const admin = await adminHeaders(api)
      let fired = 0
      const sub = storeSubscriber("payment.refunded", (data) => data.id === order.paymentId && !fired++, order.paymentId)
      try {
        expect((await api.post(`/admin/payments/${order.paymentId}/refund`, { amount: 50 }, admin)).status).toBe(200)
        const book = await until(
          async () => ledger().listBnplRefunds({ loan_id: order.loanId }),
          (entries) => entries.length === 2 && entries.every((e) => e.state !== "sending"),
        )
        expect(sub.errors).toEqual([])
        expect(book.map((e) => [e.state, Number(e.amount), e.reason]).sort()).toEqual([
          ["accepted", 100, STORE_REFUND],
          ["accepted", 50, "refund from Medusa admin"],
        ])
        expect(refundRequests(env.sandbox, order.serviceCartId)).toHaveLength(2)
      } finally {
        sub.stop()
      }
    })

    it("a refund a store's subscriber starts on payment.refunded, fired by the order page's refund, is booked as the store's", async () => {
      const refunded = await paidOrder()
      const other = await paidOrder()
      const admin = await adminHeaders(api)
      const sub = storeSubscriber("payment.refunded", (data) => data.id === refunded.paymentId, other.paymentId)
      try {
        expect((await api.post(`/admin/payments/${refunded.paymentId}/refund`, { amount: 50 }, admin)).status).toBe(200)
        const book = await bookOf(other.loanId)
        expect(sub.errors).toEqual([])
        expect(book.map((e) => [e.state, Number(e.amount), e.reason])).toEqual([["accepted", 100, STORE_REFUND]])
      } finally {
        sub.stop()
      }
    })

    it("a refund check while the store's own refund waits for the lock leaves it to the provider, which books and sends it", async () => {
      const order = await paidOrder()
      const [row] = await ledger().listBnplLoans({ loan_id: order.loanId })
      const { result, store } = await whileStoreRefundWaits(order, async () => {
        const { result } = await checkRefundsWorkflow(getContainer()).run({ input: { ledger_id: row.id } })
        return result
      })
      expect(store.errors).toEqual([])
      expect(result).toMatchObject({ outcome: "in_order" })
      expect(refundRequests(env.sandbox, order.serviceCartId)).toHaveLength(1)
      const [refundId] = (await paymentOf(order.orderId)).refunds.map((r) => r.id)
      const book = await ledger().listBnplRefunds({ loan_id: order.loanId })
      expect(book.map((e) => [e.state, Number(e.amount), e.reason, e.medusa_refund_id])).toEqual([["accepted", 100, STORE_REFUND, refundId]])
    })

    it("the admin's cancel while the store's own refund waits for the lock is refused; once it lands, the cancel refunds the rest", async () => {
      const order = await paidOrder()
      const container = getContainer()
      const { result, store } = await whileStoreRefundWaits(order, () =>
        // What POST /admin/orders/:id/cancel runs once it holds the loan's lock (cancel-with-loans.ts).
        withHandOver({ refunds: cancelRefunds(container, [order.paymentId], "user_test_admin") }, { carts: [order.serviceCartId] }, () =>
          cancelOrderWithLoansWorkflow(container).run({ input: { order_id: order.orderId, canceled_by: "user_test_admin" } }),
        ),
      )
      expect(String((result as Error).message)).toMatch(/was not cancelled: a refund of 100\.00 on loan \d+ is on its way/)
      expect(store.errors).toEqual([])
      expect((await paymentOf(order.orderId)).orderStatus).not.toBe("canceled")
      expect(refundRequests(env.sandbox, order.serviceCartId)).toHaveLength(1)

      expect((await adminCancel(order)).status).toBe(200)
      const book = await ledger().listBnplRefunds({ loan_id: order.loanId })
      expect(book.map((e) => [e.state, Number(e.amount), e.reason]).sort()).toEqual([
        ["accepted", 100, STORE_REFUND],
        ["accepted", order.amount - 100, CANCEL_REFUND],
      ])
      expect(refundRequests(env.sandbox, order.serviceCartId)).toHaveLength(2)
    })
  },
})
