import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { IEventBusModuleService, Message } from "@medusajs/framework/types"
import { refundPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { BNPL_LEDGER_MODULE, type BnplLedgerService } from "../../src/modules/bnpl"
import { STORE_REFUND } from "../../src/lib/provider-channel/application-container"
import { useSandbox } from "../helpers/environment"
import { adminHeaders, useStorefront } from "../helpers/store"
import { until } from "../helpers/until"

jest.setTimeout(120_000)

/**
 * What the plugin hands the payment provider around the admin's cancel and the order page's
 * refund reaches only the provider calls of that cancel or refund. Medusa's local event bus runs
 * subscribers inside the async context of the workflow that released the events, so a store's
 * subscriber that refunds another order from there is the store's own code: its refund is booked
 * with the store's reason, under its own cart's lock, as any refund the store's code starts.
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
      const { data } = await getContainer()
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({ entity: "order", fields: ["payment_collections.payments.id"], filters: { id: orderId } })
      const paymentId = (data[0] as { payment_collections: Array<{ payments: Array<{ id: string }> }> }).payment_collections[0].payments[0].id
      return { orderId, paymentId, loanId: session.data.loan_id as number }
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

    const bookOf = async (loanId: number) =>
      until(
        async () => ledger().listBnplRefunds({ loan_id: loanId }),
        (entries) => entries.length > 0 && entries.every((e) => e.state !== "sending"),
      )

    it("a refund a store's subscriber starts on order.canceled, fired by the admin's cancel, is booked as the store's", async () => {
      const cancelled = await paidOrder()
      const other = await paidOrder()
      const admin = await adminHeaders(api)
      const sub = storeSubscriber("order.canceled", (data) => data.id === cancelled.orderId, other.paymentId)
      try {
        expect((await api.post(`/admin/orders/${cancelled.orderId}/cancel`, {}, admin)).status).toBe(200)
        const book = await bookOf(other.loanId)
        expect(sub.errors).toEqual([])
        expect(book.map((e) => [e.state, Number(e.amount), e.reason])).toEqual([["accepted", 100, STORE_REFUND]])
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
  },
})
