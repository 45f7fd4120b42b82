import { setTimeout } from "node:timers/promises"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { BigNumberInput } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN } from "@medusajs/framework/utils"
import { createAndCompleteReturnOrderWorkflow, createOrderFulfillmentWorkflow } from "@medusajs/medusa/core-flows"
import { useSandbox } from "../helpers/environment"
import { useOrderBalance } from "../helpers/balance"
import { BNPL_LEDGER_MODULE, type BnplLedgerService } from "../../src/modules/bnpl"
import { until } from "../helpers/until"
import { adminHeaders, ordersOfCart, useStorefront } from "../helpers/store"
import { cartOf, oddPricedVariant, pricesIncludeIva } from "../helpers/iva"
import { receiveReturn } from "../helpers/returns"
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
    const balances = useOrderBalance(env, api, getContainer, shop)
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
          fields: [
            "id",
            "items.id",
            "items.unit_price",
            "summary.pending_difference",
            "payment_collections.payments.data",
            "payment_collections.payments.refunds.amount",
          ],
          filters: { id: orderId },
        })
      return data[0] as {
        items: Array<{ id: string; unit_price: number }>
        summary: { pending_difference: number }
        payment_collections: Array<{ payments: Array<{ data: { loan_id: number }; refunds: Array<{ amount: number }> }> }>
      }
    }

    /** One unit of each item shipped, so it can come back, then returned and received at once. */
    async function shippedAndReturned(orderId: string, ...itemIds: string[]) {
      const items = itemIds.map((id) => ({ id, quantity: 1 }))
      await createOrderFulfillmentWorkflow(getContainer()).run({ input: { order_id: orderId, items } })
      const { result } = await createAndCompleteReturnOrderWorkflow(getContainer()).run({
        input: {
          order_id: orderId,
          items,
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

    /** Medusa's refunds of the order's payment of `loanId`. */
    const medusaRefunds = (o: Awaited<ReturnType<typeof order>>, loanId: number) =>
      o.payment_collections
        .flatMap((c) => c.payments)
        .filter((p) => p.data.loan_id === loanId)
        .flatMap((p) => p.refunds.map((r) => Number(r.amount)))

    it("a return owing more than the first loan holds is refunded across the order's loans, oldest first, and Medusa records each", async () => {
      const { orderId, firstLoan, loanId: secondLoan } = await balances.paidBalance()
      const before = await order(orderId)
      const firstTotal = Number(env.sandbox.state.loans.get(firstLoan)!.request.totalPrice)
      const owed = before.items.reduce((sum, item) => sum + Number(item.unit_price), 0)
      expect(owed).toBeGreaterThan(firstTotal)

      await shippedAndReturned(orderId, ...before.items.map((item) => item.id))

      const after = await until(
        () => order(orderId),
        (o) => Number(o.summary.pending_difference) === 0,
      )
      expect(Number(after.summary.pending_difference)).toBe(0)
      expect([firstLoan, secondLoan].map((loan) => serviceRefunds(loan).map(Number))).toEqual([[firstTotal], [owed - firstTotal]])
      expect([firstLoan, secondLoan].map((loan) => medusaRefunds(after, loan))).toEqual([[firstTotal], [owed - firstTotal]])
    })

    it("a return whose refund the service refuses lists the loan with what the order still owes the shopper", async () => {
      const { orderId, firstLoan, loanId: secondLoan } = await balances.paidBalance()
      const before = await order(orderId)
      const owed = before.items.reduce((sum, item) => sum + Number(item.unit_price), 0)
      env.sandbox.setFaults({ refund: { rejectNext: 1 } })

      await shippedAndReturned(orderId, ...before.items.map((item) => item.id))

      // The event's refund of the first loan is refused: nothing more is sent, and the loan is listed.
      const row = await until(
        async () => (await getContainer().resolve<BnplLedgerService>(BNPL_LEDGER_MODULE).listBnplLoans({ loan_id: firstLoan }))[0],
        (found) => found.state === "needs_attention",
      )
      expect(row.state).toBe("needs_attention")
      expect(row.attention_reason).toContain(`${owed.toFixed(2)} was not`)
      expect(row.attention_reason).toContain(`Refund ${owed.toFixed(2)} from the order page`)
      expect([firstLoan, secondLoan].map(serviceRefunds)).toEqual([[], []])
      const after = await order(orderId)
      expect([firstLoan, secondLoan].map((loan) => medusaRefunds(after, loan))).toEqual([[], []])
      expect(Number(after.summary.pending_difference)).toBe(-owed)
    })

    it("prices without IVA: each return's refund is its centavos at the service and in Medusa, and the last one of the whole order records what the payment has left, not more than it captured", async () => {
      const variantId = await oddPricedVariant(getContainer(), shop)
      await pricesIncludeIva(getContainer(), shop.store.regionId, false)
      try {
        const cart = await cartOf(api, shop, variantId, 3)
        // Three units at 115.9884 with IVA, and 114.84 of shipping.
        expect(cart.total).toBe(462.8052)
        const session = await shop.bnplSession(cart.id)
        const loanId: number = session.data.loan_id
        await env.sandbox.pay(loanId)
        const completed = await shop.complete(cart.id)
        expect(completed.data.type).toBe("order")
        const orderId: string = completed.data.order.id
        const [item] = (await order(orderId)).items
        const refundsAtService = async (count: number) =>
          until(
            () => serviceRefunds(loanId),
            (list) => list.length >= count,
          )

        const admin = await adminHeaders(api)
        await createOrderFulfillmentWorkflow(getContainer()).run({ input: { order_id: orderId, items: [{ id: item.id, quantity: 3 }] } })
        const oneBack = () => receiveReturn(api, admin, orderId, [{ id: item.id, quantity: 1 }])

        await oneBack()
        expect(await refundsAtService(1)).toEqual(["115.99"])
        // The shipping refunded from the order page, then the other two units come back, one at a time: the last owes all the payment holds.
        const paymentId = (await paymentOf(orderId)).id
        expect((await api.post(`/admin/payments/${paymentId}/refund`, { amount: 114.84 }, admin)).status).toBe(200)
        await oneBack()
        await refundsAtService(3)
        await oneBack()

        expect(await refundsAtService(4)).toEqual(["115.99", "114.84", "115.99", "115.99"])
        expect(env.sandbox.state.loans.get(loanId)!.request.totalPrice).toBe(462.81)
        const payment = await until(
          () => paymentOf(orderId),
          (p) => p.refunds.length === 4,
        )
        // 462.8052 less 115.99, 114.84 and 115.99 is 115.9852: the last refund is all the payment has left.
        expect(payment.refunds.map((r) => Number(r.raw_amount.value))).toEqual([115.99, 114.84, 115.99, 115.9852])
        const refunded = payment.refunds.reduce<BigNumberInput>((sum, r) => MathBN.add(sum, r.raw_amount), 0)
        const captured = payment.captures.reduce<BigNumberInput>((sum, c) => MathBN.add(sum, c.raw_amount), 0)
        expect([MathBN.convert(refunded).toString(), MathBN.convert(captured).toString()]).toEqual(["462.8052", "462.8052"])
        // Medusa records a refund's order transaction in a step after the refund itself.
        const settled = await until(
          () => order(orderId),
          (o) => Math.abs(Number(o.summary.pending_difference)) < 0.005,
        )
        expect(Math.abs(Number(settled.summary.pending_difference))).toBeLessThan(0.005)
      } finally {
        await pricesIncludeIva(getContainer(), shop.store.regionId, true)
      }
    })

    /** The order's one payment, with its captures and its refunds in the order Medusa recorded them (exact amounts). */
    async function paymentOf(orderId: string) {
      const { data } = await getContainer()
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({
          entity: "order",
          fields: [
            "payment_collections.payments.id",
            "payment_collections.payments.captures.raw_amount",
            "payment_collections.payments.refunds.raw_amount",
            "payment_collections.payments.refunds.created_at",
          ],
          filters: { id: orderId },
        })
      type Raw = { raw_amount: { value: string } }
      const [payment] = (
        data[0] as { payment_collections: Array<{ payments: Array<{ id: string; captures: Raw[]; refunds: Array<Raw & { created_at: string }> }> }> }
      ).payment_collections[0].payments
      return { ...payment, refunds: [...payment.refunds].sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime()) }
    }
  },
})
