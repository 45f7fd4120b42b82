import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { cancelOrderWorkflow, createOrderFulfillmentWorkflow, refundPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { until } from "../helpers/until"
import { BNPL_LEDGER_MODULE, type BnplLedgerService } from "../../src/modules/bnpl"
import { refundRequests, useSandbox } from "../helpers/environment"
import { useOrderBalance } from "../helpers/balance"
import { reconciled } from "../helpers/reconcile"
import { openReturn, receiveReturn } from "../helpers/returns"
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
            "status",
            "total",
            "items.id",
            "items.unit_price",
            "summary.paid_total",
            "summary.refunded_total",
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
        status: string
        total: number
        items: Array<{ id: string; unit_price: number }>
        summary: { paid_total: number; refunded_total: number; pending_difference: number }
        payment_collections: Array<{
          id: string
          status: string
          payments: Array<{ id: string; canceled_at: string | null; refunds: Array<{ amount: number }> }>
        }>
      }
    }

    /** An order of two lines, placed by the storefront's completion after the loan was paid. */
    async function twoUnitOrder() {
      const { id: cartId } = await shop.cart()
      const cart = (await shop.addItem(cartId, 1, 1)) as { id: string; total: number }
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

      await createOrderFulfillmentWorkflow(getContainer()).run({ input: { order_id: orderId, items: [{ id: item.id, quantity: 1 }] } })
      await receiveReturn(api, admin, orderId, [{ id: item.id, quantity: 1 }])
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

    it("while a return is open, a refund beyond what the order owes is refused before anything is sent", async () => {
      const { orderId, loanId } = await twoUnitOrder()
      const before = await order(orderId)
      const item = before.items[0]
      const paymentId = before.payment_collections[0].payments[0].id
      const admin = await adminHeaders(api)
      await createOrderFulfillmentWorkflow(getContainer()).run({ input: { order_id: orderId, items: [{ id: item.id, quantity: 1 }] } })
      await openReturn(api, admin, orderId, [{ id: item.id, quantity: 1 }])

      const refund = await api.post(`/admin/payments/${paymentId}/refund`, { amount: 100 }, admin)

      expect(refund.status).toBe(400)
      expect(refund.data.message).toMatch(/has a return in progress.*Confirm or cancel a return first/)
      expect(refundRequests(env.sandbox)).toHaveLength(0)
      expect(serviceRefunds(loanId)).toEqual([])
      const after = await order(orderId)
      expect(after.payment_collections[0].payments[0].refunds).toEqual([])
      expect(Number(after.summary.pending_difference)).toBe(0)
    })

    it("a refund asked while another refund's credit line is still open waits for it to close, then is sent and recorded", async () => {
      const { orderId, loanId } = await twoUnitOrder()
      const paymentId = (await order(orderId)).payment_collections[0].payments[0].id
      const admin = await adminHeaders(api)
      // The change Medusa's createOrderCreditLinesWorkflow opens for another refund, before it confirms it.
      const orders = getContainer().resolve(Modules.ORDER)
      const creditLine = await orders.createOrderChange({ order_id: orderId, change_type: "credit_line" as "edit" })

      const asked = api.post(`/admin/payments/${paymentId}/refund`, { amount: 100 }, admin)
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      expect(refundRequests(env.sandbox)).toHaveLength(0)
      await orders.cancelOrderChange(creditLine.id)
      const refund = await asked

      expect(refund.status).toBe(200)
      expect(serviceRefunds(loanId).map(Number)).toEqual([100])
      const after = await order(orderId)
      expect(after.payment_collections[0].payments[0].refunds.map((r) => Number(r.amount))).toEqual([100])
    })

    it("the store's own refund asked while the order page's is at the service: the order counts each refund once, at its own amount", async () => {
      const { orderId, loanId, total } = await twoUnitOrder()
      const paymentId = (await order(orderId)).payment_collections[0].payments[0].id
      const admin = await adminHeaders(api)
      env.sandbox.setFaults({ refund: { latencyMs: 1_500 } })

      const fromPage = api.post(`/admin/payments/${paymentId}/refund`, { amount: 300 }, admin)
      await new Promise((resolve) => setTimeout(resolve, 300))
      // Medusa records the store's refund at once, then its provider call waits for the loan's lock.
      const fromStore = refundPaymentWorkflow(getContainer()).run({ input: { payment_id: paymentId, amount: 200 }, throwOnError: false })
      const [page, store] = await Promise.all([fromPage, fromStore])

      expect(page.status).toBe(200)
      expect(store.errors).toEqual([])
      expect(serviceRefunds(loanId).map(Number)).toEqual([300, 200])
      const after = await order(orderId)
      expect(after.payment_collections[0].payments[0].refunds.map((r) => Number(r.amount)).sort()).toEqual([200, 300])
      const transactions = await getContainer()
        .resolve(Modules.ORDER)
        .listOrderTransactions({ order_id: orderId, reference: "refund" }, { select: ["amount"] })
      expect(transactions.map((t) => Number(t.amount)).sort((a, b) => a - b)).toEqual([-300, -200])
      expect(Number(after.summary.refunded_total)).toBe(500)
      expect(Number(after.summary.paid_total) - Number(after.summary.refunded_total)).toBe(total - 500)
      expect(Number(after.summary.pending_difference)).toBe(0)
    })

    it("a return opened while a refund is on its way waits for it: Medusa records the refund whole, then the return opens", async () => {
      const { orderId, loanId } = await twoUnitOrder()
      const before = await order(orderId)
      const item = before.items[0]
      const paymentId = before.payment_collections[0].payments[0].id
      const admin = await adminHeaders(api)
      await createOrderFulfillmentWorkflow(getContainer()).run({ input: { order_id: orderId, items: [{ id: item.id, quantity: 1 }] } })
      env.sandbox.setFaults({ refund: { latencyMs: 1_500 } })

      const refunding = api.post(`/admin/payments/${paymentId}/refund`, { amount: 100 }, admin)
      await new Promise((resolve) => setTimeout(resolve, 300))
      const returning = openReturn(api, admin, orderId, [{ id: item.id, quantity: 1 }])
      const [refund] = await Promise.all([refunding, returning])

      expect(refund.status).toBe(200)
      expect(serviceRefunds(loanId).map(Number)).toEqual([100])
      const after = await order(orderId)
      expect(after.payment_collections[0].payments[0].refunds.map((r) => Number(r.amount))).toEqual([100])
      // The refund's order transaction and its credit line stand: the order owes nothing either way.
      expect(Number(after.summary.paid_total) - Number(after.summary.refunded_total)).toBe(Number(before.total) - 100)
      expect(Number(after.summary.pending_difference)).toBe(0)
      expect(await returning).toMatch(/^return_/)
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

    it("a cancel of an order two loans paid whose second refund gets no clear answer: what went out is recorded and listed, and a second cancel finishes it", async () => {
      const { orderId, firstLoan, loanId: secondLoan } = await balances.paidBalance()
      const admin = await adminHeaders(api)
      env.sandbox.setFaults({ refund: { applyThenFailAfter: 1, applyThenFailNext: 1 } })

      const refused = await api.post(`/admin/orders/${orderId}/cancel`, {}, admin)

      expect(refused.status).toBe(400)
      expect(refused.data.message).toMatch(/no clear answer/)
      expect(refused.data.message).toMatch(/cancel (it )?again/)
      const atService = [firstLoan, secondLoan].map((loan) => serviceRefunds(loan).map(Number))
      const paidTotals = [firstLoan, secondLoan].map((loan) => Number(env.sandbox.state.loans.get(loan)!.request.totalPrice))
      expect(atService).toEqual([[paidTotals[0]], [paidTotals[1]]]) // both applied; one reply lost
      const live = await order(orderId)
      const medusaRefunds = live.payment_collections.flatMap((c) => c.payments).flatMap((p) => p.refunds.map((r) => Number(r.amount)))
      expect(medusaRefunds).toHaveLength(1) // the one the service answered, recorded
      // ...and counted by the order's summary, although rolling the cancel back undid Medusa's order transactions.
      expect(Number(live.summary.refunded_total)).toBe(medusaRefunds[0])
      const rows = await getContainer()
        .resolve<BnplLedgerService>(BNPL_LEDGER_MODULE)
        .listBnplLoans({ loan_id: [firstLoan, secondLoan] })
      // Neither loan is left as a live order's payment with nobody told: both are on the attention list.
      expect(rows.map((r) => r.state)).toEqual(["needs_attention", "needs_attention"])

      // The admin finds the second refund in the service's portal and records it; the cancel is asked again.
      const unclear = rows.find((r) => r.attention_reason?.includes("no clear answer"))!
      const [entry] = (await api.get(`/admin/bnpl/loans/${unclear.id}/refunds`, admin)).data.refunds.filter(
        (e: { state: string }) => e.state === "unknown",
      )
      expect((await api.post(`/admin/bnpl/loans/${unclear.id}/refunds/${entry.id}`, { action: "record" }, admin)).status).toBe(200)
      const cancel = await api.post(`/admin/orders/${orderId}/cancel`, {}, admin)

      expect(cancel.status).toBe(200)
      expect(cancel.data.order.status).toBe("canceled")
      expect([firstLoan, secondLoan].map((loan) => serviceRefunds(loan).map(Number))).toEqual([[paidTotals[0]], [paidTotals[1]]])
      const done = await order(orderId)
      const recorded = done.payment_collections.flatMap((c) => c.payments).flatMap((p) => p.refunds.map((r) => Number(r.amount)))
      expect(recorded.sort((a, b) => a - b)).toEqual([...paidTotals].sort((a, b) => a - b))
    })

    it("the store's own cancelOrderWorkflow refunds the captured loan once, booked, and Medusa's refunds equal the service's", async () => {
      const { orderId, loanId, total } = await twoUnitOrder()

      await cancelOrderWorkflow(getContainer()).run({ input: { order_id: orderId } })

      const row = await until(
        async () => (await getContainer().resolve<BnplLedgerService>(BNPL_LEDGER_MODULE).listBnplLoans({ loan_id: loanId }))[0],
        (r) => r.state === "refunded",
      )
      expect(row.state).toBe("refunded")
      expect(serviceRefunds(loanId).map(Number)).toEqual([total])
      const recorded = (await order(orderId)).payment_collections.flatMap((c) => c.payments).flatMap((p) => p.refunds.map((r) => Number(r.amount)))
      expect(recorded).toEqual([total])
      const book = await getContainer().resolve<BnplLedgerService>(BNPL_LEDGER_MODULE).listBnplRefunds({ loan_id: loanId })
      expect(book.map((e) => [e.state, Number(e.amount), e.reason])).toEqual([["accepted", total, "refund from Medusa (the store's own code)"]])
    })

    it("Refund in full of a loan whose cancelled order kept its captured payment refunds through Medusa, so Medusa records it", async () => {
      const { orderId, loanId, total } = await twoUnitOrder()
      const admin = await adminHeaders(api)
      // The store's own code cancels the order while the service turns the refund down: Medusa cancels anyway.
      env.sandbox.setFaults({ refund: { rejectNext: 1 } })
      await cancelOrderWorkflow(getContainer()).run({ input: { order_id: orderId }, throwOnError: false })
      const row = await until(
        async () => (await getContainer().resolve<BnplLedgerService>(BNPL_LEDGER_MODULE).listBnplLoans({ loan_id: loanId }))[0],
        (r) => r.state === "needs_attention",
      )
      expect(row.state).toBe("needs_attention")
      expect(serviceRefunds(loanId)).toEqual([])

      const refund = await api.post(`/admin/bnpl/loans/${row.id}/refund`, {}, admin)

      expect([refund.status, refund.data.message]).toEqual([200, undefined])
      expect(serviceRefunds(loanId).map(Number)).toEqual([total])
      const recorded = (await order(orderId)).payment_collections.flatMap((c) => c.payments).flatMap((p) => p.refunds.map((r) => Number(r.amount)))
      expect(recorded).toEqual([total])
      // The order's summary counts that refund once: Medusa's cancel wrote its transaction already.
      const { order: after } = (await api.get(`/admin/orders/${orderId}?fields=id,status,summary.*,transactions.*`, admin)).data
      expect([after.status, Number(after.summary.paid_total), Number(after.summary.refunded_total)]).toEqual(["canceled", total, total])
      const refunds = (after.transactions as Array<{ reference: string; amount: number }>).filter((t) => t.reference === "refund")
      expect(refunds.reduce((sum, t) => sum + Number(t.amount), 0)).toBe(-total)
    })

    it("a lost refund the admin records after the store's own cancel shows on the cancelled order's captured payment", async () => {
      const { orderId, loanId, total } = await twoUnitOrder()
      const paymentId = (await order(orderId)).payment_collections[0].payments[0].id
      const admin = await adminHeaders(api)
      env.sandbox.setFaults({ refund: { applyThenFailNext: 1, historyDelayMs: 3_000 } })
      const lost = await api.post(`/admin/payments/${paymentId}/refund`, { amount: 500 }, admin)
      expect(lost.status).toBe(400)

      // The unclear refund holds every other: Medusa's cancel goes through and its refund of the payment does not.
      await cancelOrderWorkflow(getContainer()).run({ input: { order_id: orderId }, throwOnError: false })
      const ledger = getContainer().resolve<BnplLedgerService>(BNPL_LEDGER_MODULE)
      const [row] = await ledger.listBnplLoans({ loan_id: loanId })
      const [entry] = await ledger.listBnplRefunds({ loan_id: loanId })
      await until(
        async () => serviceRefunds(loanId),
        (refunds) => refunds.length === 1,
      )

      const recorded = await api.post(`/admin/bnpl/loans/${row.id}/refunds/${entry.id}`, { action: "record" }, admin)

      expect(recorded.status).toBe(200)
      const after = await order(orderId)
      expect(after.status).toBe("canceled")
      const payment = after.payment_collections.flatMap((c) => c.payments).find((p) => p.id === paymentId)
      expect(payment?.refunds.map((r) => Number(r.amount))).toEqual([500])
      expect(serviceRefunds(loanId).map(Number)).toEqual([500])
      expect(total).toBeGreaterThan(500)
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
      const requests = refundRequests(env.sandbox)
      expect(requests).toHaveLength(1)
      const book = await getContainer().resolve<BnplLedgerService>(BNPL_LEDGER_MODULE).listBnplRefunds({ loan_id: loanId })
      expect(book.map((e) => [e.state, Number(e.amount)])).toEqual([["unknown", 100]])
    })
  },
})
