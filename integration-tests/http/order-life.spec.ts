import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createAndCompleteReturnOrderWorkflow, createOrderFulfillmentWorkflow, refundPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { BNPL_LEDGER_MODULE, type BnplLedgerService } from "../../src/modules/bnpl"
import { useSandbox } from "../helpers/environment"
import { useOrderBalance } from "../helpers/balance"
import { reconciled } from "../helpers/reconcile"
import { adminHeaders, useStorefront } from "../helpers/store"

jest.setTimeout(120_000)

/**
 * The order's life after checkout, with the plugin's defaults: the loan is money the merchant has
 * received, so Medusa's order shows it paid, and a return owes the shopper exactly what came back.
 */
const env = useSandbox({}, { BNPL_REFUND_CHECK_HOURS: "0", BNPL_RECONCILE_GRACE_SECONDS: "0" })

const serviceRefunds = (loanId: number) => (env.sandbox.state.loans.get(loanId)?.refunds ?? []).map((r) => r.totalAmount)

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const shop = useStorefront(env, api, getContainer)
    const balances = useOrderBalance(env, api, getContainer, shop)

    async function order(orderId: string) {
      const { data } = await getContainer()
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({
          entity: "order",
          fields: [
            "id",
            "total",
            "items.id",
            "items.unit_price",
            "summary.paid_total",
            "summary.pending_difference",
            "payment_collections.id",
            "payment_collections.status",
            "payment_collections.payments.id",
            "payment_collections.payments.canceled_at",
            "payment_collections.payments.refunds.amount",
          ],
          filters: { id: orderId },
        })
      return data[0] as {
        total: number
        items: Array<{ id: string; unit_price: number }>
        summary: { paid_total: number; pending_difference: number }
        payment_collections: Array<{
          id: string
          status: string
          payments: Array<{ id: string; canceled_at: string | null; refunds: Array<{ amount: number }> }>
        }>
      }
    }

    /** An order of two units, placed by the storefront's completion after the loan was paid. */
    async function twoUnitOrder() {
      const cart = await shop.cart({ quantity: 2 })
      const session = await shop.bnplSession(cart.id)
      await env.sandbox.pay(session.data.loan_id)
      const completed = await shop.complete(cart.id)
      expect(completed.data.type).toBe("order")
      return { orderId: completed.data.order.id as string, loanId: session.data.loan_id, total: Number(cart.total) }
    }

    it("a confirmed loan is money received: the order owes nothing", async () => {
      const { orderId, total } = await twoUnitOrder()

      const placed = await order(orderId)

      expect(Number(placed.summary.paid_total)).toBe(total)
      expect(Number(placed.summary.pending_difference)).toBe(0)
    })

    it("a partial return owes the shopper exactly what came back; the loan is not refunded in full", async () => {
      const { orderId, loanId } = await twoUnitOrder()
      const before = await order(orderId)
      const item = before.items[0]
      const admin = await adminHeaders(api)

      await createOrderFulfillmentWorkflow(getContainer()).run({ input: { order_id: orderId, items: [{ id: item.id, quantity: 2 }] } })
      await createAndCompleteReturnOrderWorkflow(getContainer()).run({
        input: {
          order_id: orderId,
          items: [{ id: item.id, quantity: 1 }],
          return_shipping: { option_id: shop.store.shippingOptionId, price: 0 },
          receive_now: true,
        },
      })
      await reconciled(api, admin)

      const after = await order(orderId)
      // One collection, its payment live: no new collection asks the shopper for the rest.
      expect(after.payment_collections).toHaveLength(1)
      expect(after.payment_collections[0].payments[0].canceled_at).toBeNull()
      expect(Number(after.summary.pending_difference)).toBe(-Number(item.unit_price))
      expect(serviceRefunds(loanId)).toEqual([])

      // The admin refunds what the order owes from the order page: exactly that reaches the service.
      const paymentId = after.payment_collections[0].payments[0].id
      const refund = await api.post(`/admin/payments/${paymentId}/refund`, { amount: Number(item.unit_price) }, admin)
      expect(refund.status).toBe(200)
      expect(serviceRefunds(loanId).map(Number)).toEqual([Number(item.unit_price)])
      await reconciled(api, admin)
      expect(serviceRefunds(loanId).map(Number)).toEqual([Number(item.unit_price)])
    })

    it("an edit that costs more asks only the difference, a second loan pays it, and the order owes nothing", async () => {
      const { orderId, loanId: firstLoan } = await balances.paidOrder()
      const firstTotal = Number(env.sandbox.state.loans.get(firstLoan)!.request.totalPrice)

      const balance = await balances.balanceOf(orderId)
      const loanId = await balances.payBalance(balance)

      const after = await order(orderId)
      expect(Number(balance.amount)).toBe(Number(after.total) - firstTotal)
      expect(Number(after.summary.paid_total)).toBe(Number(after.total))
      expect(Number(after.summary.pending_difference)).toBe(0)
      const live = after.payment_collections.flatMap((c) => c.payments).filter((p) => !p.canceled_at)
      expect(live).toHaveLength(2)
      await reconciled(api, await adminHeaders(api))
      expect(serviceRefunds(firstLoan)).toEqual([])
      expect(serviceRefunds(loanId)).toEqual([])
    })

    it("a refund the store's own code starts is booked: after a lost reply, the order page's refund is refused, not sent again", async () => {
      const { orderId, loanId } = await twoUnitOrder()
      const paymentId = (await order(orderId)).payment_collections[0].payments[0].id
      const admin = await adminHeaders(api)
      env.sandbox.setFaults({ refund: { applyThenFailNext: 1 } })

      // A merchant's own route or script: Medusa's workflow, with none of the plugin's routes around it.
      const { errors } = await refundPaymentWorkflow(getContainer()).run({ input: { payment_id: paymentId, amount: 100 }, throwOnError: false })
      expect(errors.map((e) => (e.error as Error).message).join()).toMatch(/no clear answer/)

      const again = await api.post(`/admin/payments/${paymentId}/refund`, { amount: 100 }, admin)

      expect(again.status).toBe(400)
      expect(again.data.message).toMatch(/no clear answer/)
      expect(serviceRefunds(loanId)).toEqual(["100.00"])
      const requests = env.sandbox.state.requests.filter((r) => r.method === "POST" && r.path === "/api/pos/loan/refund")
      expect(requests).toHaveLength(1)
      const book = await getContainer().resolve<BnplLedgerService>(BNPL_LEDGER_MODULE).listBnplRefunds({ loan_id: loanId })
      expect(book.map((e) => [e.state, Number(e.amount)])).toEqual([["unknown", 100]])
    })
  },
})
