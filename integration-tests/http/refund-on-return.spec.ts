import { setTimeout } from "node:timers/promises"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createAndCompleteReturnOrderWorkflow, createOrderFulfillmentWorkflow } from "@medusajs/medusa/core-flows"
import { useSandbox } from "../helpers/environment"
import { until } from "../helpers/until"
import { ordersOfCart, useStorefront } from "../helpers/store"
import { notification, paidCart, postWebhook } from "../helpers/webhook"
import { refundReceivedReturnWorkflow } from "../../src/workflows/refund-received-return"

jest.setTimeout(120_000)

/**
 * `refundOnReturn`: when Medusa receives a return of an order a loan paid, the refund the order
 * then owes goes to the service at once, booked, and Medusa records it; a second delivery of the
 * event refunds nothing.
 */
const env = useSandbox({}, { BNPL_REFUND_ON_RETURN: "true", BNPL_AUTO_CAPTURE: "true" })

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const shop = useStorefront(env, api, getContainer)
    const serviceRefunds = (loanId: number) => (env.sandbox.state.loans.get(loanId)?.refunds ?? []).map((r) => r.totalAmount)

    async function orderOf() {
      const { cartId, loanId } = await paidCart(env, shop)
      expect((await postWebhook(env, notification(cartId, loanId))).status).toBe(200)
      const [order] = await ordersOfCart(getContainer(), cartId)
      return { orderId: order.order_id, loanId }
    }

    async function order(orderId: string) {
      const { data } = await getContainer()
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({
          entity: "order",
          fields: ["id", "items.id", "items.unit_price", "summary.pending_difference", "payment_collections.payments.refunds.amount"],
          filters: { id: orderId },
        })
      return data[0] as {
        items: Array<{ id: string; unit_price: number }>
        summary: { pending_difference: number }
        payment_collections: Array<{ payments: Array<{ refunds: Array<{ amount: number }> }> }>
      }
    }

    /** One unit shipped, so it can come back, then returned and received at once. */
    async function shippedAndReturned(orderId: string, itemId: string) {
      await createOrderFulfillmentWorkflow(getContainer()).run({ input: { order_id: orderId, items: [{ id: itemId, quantity: 1 }] } })
      const { result } = await createAndCompleteReturnOrderWorkflow(getContainer()).run({
        input: {
          order_id: orderId,
          items: [{ id: itemId, quantity: 1 }],
          return_shipping: { option_id: shop.store.shippingOptionId, price: 0 },
          receive_now: true,
        },
      })
      return result
    }

    it("refunds what the order owes once the return is received, once, and Medusa records the same refund", async () => {
      const { orderId, loanId } = await orderOf()
      const before = await order(orderId)
      expect(before.summary.pending_difference).toBe(0)

      const received = await shippedAndReturned(orderId, before.items[0].id)

      const refunds = await until(
        () => serviceRefunds(loanId),
        (list) => list.length > 0,
      )
      const after = await until(
        () => order(orderId),
        // Medusa writes the refund, then the order's transaction that settles what it owes.
        (o) => o.payment_collections[0].payments[0].refunds.length > 0 && Number(o.summary.pending_difference) === 0,
      )
      const medusa = after.payment_collections[0].payments[0].refunds.map((r) => Number(r.amount))
      expect(refunds.map(Number)).toEqual(medusa)
      expect(medusa).toEqual([before.items[0].unit_price])
      expect(after.summary.pending_difference).toBe(0)

      // The event delivered again: nothing more is refunded.
      const { result } = await refundReceivedReturnWorkflow(getContainer()).run({ input: { order_id: orderId, return_id: received.id } })
      expect(result).toEqual({ outcome: "already_refunded" })
      expect(serviceRefunds(loanId)).toEqual(refunds)
    })

    it("a return after a refund made in the service's portal refunds nothing until the admin settles that refund", async () => {
      const { orderId, loanId } = await orderOf()
      const before = await order(orderId)
      const cartId = env.sandbox.state.loans.get(loanId)!.cartId
      env.sandbox.refundAtService(cartId, String(before.items[0].unit_price), "support refunded one unit")
      await env.sandbox.idle() // the refund history lists it a moment later (visibleAfterMs)

      const received = await shippedAndReturned(orderId, before.items[0].id)
      const { result } = await refundReceivedReturnWorkflow(getContainer()).run({ input: { order_id: orderId, return_id: received.id } })

      expect(result).toEqual({ outcome: "refused", reason: expect.stringContaining("outside Medusa") })
      await setTimeout(1_000) // the event's own delivery, refused the same way
      expect(serviceRefunds(loanId).map(Number)).toEqual([Number(before.items[0].unit_price)])
      expect((await order(orderId)).payment_collections[0].payments[0].refunds).toEqual([])
    })
  },
})
