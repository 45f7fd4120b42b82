import axios from "axios"
import { setTimeout } from "node:timers/promises"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { Modules } from "@medusajs/framework/utils"
import { BNPL_LEDGER_MODULE, type BnplLedgerService } from "../../src/modules/bnpl"
import { cancelAbandonedLoanWorkflow } from "../../src/workflows/cancel-abandoned-loan"
import { refundCheckWorkflow } from "../../src/workflows/refund-check"
import { MERCHANT, refundRequests, useSandbox } from "../helpers/environment"
import { adminHeaders, ordersOfCart, useStorefront } from "../helpers/store"
import { paidCart } from "../helpers/webhook"

jest.setTimeout(120_000)

/**
 * Money where the service's answer is unclear, as the documentation allows: a reply lost after
 * the service applied a refund, a 503 before it applied anything, a history that shows a refund
 * some seconds after it is made (the sandbox's `refund.historyDelayMs`), and requests slow enough
 * (`latencyMs`) for another path to run meanwhile.
 * The plugin never sends a refund twice on a guess, Medusa records only a refund the service
 * accepted or the admin recorded, an order is cancelled only with its loan refunded in full, and
 * the paths that move a loan's money take turns.
 */
// A refund settles (REFUNDED; a loan refunded in full turns HISTORICAL) some seconds after the service accepts it,
// as the documentation allows: until then the status query still shows the loan OUTSTANDING.
const env = useSandbox({ refundSettleMs: 10_000 })

/** A history that lists a refund well after the admin's request has its answer. */
const LATE_HISTORY_MS = 6_000

/** Requests the sandbox has received on a path so far, answered or not. */
const received = (path: string) => env.sandbox.state.requests.filter((r) => r.path === path).length

async function until(condition: () => boolean, what: string) {
  for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
    if (condition()) return
    await setTimeout(25)
  }
  throw new Error(`timed out waiting for ${what}`)
}

/** A loan made at the service for the cart without the plugin (an earlier request of the store's, say). */
async function strayLoan(cartId: string): Promise<number> {
  const auth = await axios.post(`${env.sandbox.authUrl}/auth`, MERCHANT)
  const url = "http://storefront.test/cart"
  const { data } = await axios.post(
    `${env.sandbox.authUrl}/loan`,
    { totalPrice: 100, shopId: "test-shop", cartId, successUrl: url, errorUrl: url, cartUrl: url, webHookUrl: url },
    { headers: { Authorization: auth.data.Authorization, merchant_id: String(MERCHANT.merchantId) } },
  )
  return data.loanId
}

const serviceRefunds = (loanId: number) => (env.sandbox.state.loans.get(loanId)?.refunds ?? []).map((r) => r.totalAmount)

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const shop = useStorefront(env, api, getContainer)
    const ledger = () => getContainer().resolve<BnplLedgerService>(BNPL_LEDGER_MODULE)
    const rowOf = async (loanId: number) => (await ledger().listBnplLoans({ loan_id: loanId }))[0]
    const bookOf = async (loanId: number) => ledger().listBnplRefunds({ loan_id: loanId }, { order: { created_at: "ASC" } })

    async function bnplOrder() {
      const cart = await shop.cart()
      const session = await shop.bnplSession(cart.id)
      await env.sandbox.pay(session.data.loan_id)
      const completed = await shop.complete(cart.id)
      expect(completed.data.type).toBe("order")
      return { cartId: cart.id, total: Number(cart.total), orderId: completed.data.order.id as string, loanId: session.data.loan_id as number }
    }

    async function payment(orderId: string) {
      const { data } = await api.get(
        `/admin/orders/${orderId}?fields=status,*payment_collections.payments,*payment_collections.payments.refunds`,
        await adminHeaders(api),
      )
      const pay = data.order.payment_collections[0].payments[0]
      return {
        status: data.order.status as string,
        id: pay.id as string,
        refunds: (pay.refunds ?? []).map((r: { amount: number }) => Number(r.amount)),
      }
    }

    async function capturedOrder() {
      const order = await bnplOrder()
      const paymentId = (await payment(order.orderId)).id
      expect((await api.post(`/admin/payments/${paymentId}/capture`, {}, await adminHeaders(api))).status).toBe(200)
      return { ...order, paymentId }
    }

    const refund = async (paymentId: string, amount: number) =>
      api.post(`/admin/payments/${paymentId}/refund`, { amount }, { ...(await adminHeaders(api)), validateStatus: () => true })

    afterEach(() => env.sandbox.setFaults({}))

    it("a refund whose reply is lost and whose history is late is not sent again when the admin presses Refund twice", async () => {
      const order = await capturedOrder()
      env.sandbox.setFaults({ refund: { applyThenFailNext: 1, historyDelayMs: LATE_HISTORY_MS } })

      const first = await refund(order.paymentId, 25)
      const second = await refund(order.paymentId, 25)

      expect(first.status).toBe(400)
      expect(first.data.message).toMatch(/no clear answer/)
      expect(second.status).toBe(400)
      expect(second.data.message).toMatch(/no clear answer/)
      expect(refundRequests(env.sandbox, order.cartId)).toHaveLength(1)
      expect(serviceRefunds(order.loanId)).toEqual(["25.00"])
      expect((await payment(order.orderId)).refunds).toEqual([])
      expect((await bookOf(order.loanId)).map((e) => e.state)).toEqual(["unknown"])

      // The admin finds it in the portal: it happened. Medusa records it, and the service is not asked again.
      const row = await rowOf(order.loanId)
      const [entry] = await bookOf(order.loanId)
      const recorded = await api.post(`/admin/bnpl/loans/${row.id}/refunds/${entry.id}`, { action: "record" }, await adminHeaders(api))
      expect(recorded.status).toBe(200)
      expect((await payment(order.orderId)).refunds).toEqual([25])
      expect(refundRequests(env.sandbox, order.cartId)).toHaveLength(1)
    })

    it("a history entry that an accepted refund explains is no proof that a second, unanswered one applied", async () => {
      const order = await capturedOrder()
      env.sandbox.setFaults({ refund: { historyDelayMs: 2_000 } })
      expect((await refund(order.paymentId, 25)).status).toBe(200)
      // The second is answered 503 before the service applies anything; the first shows in the history meanwhile.
      env.sandbox.setFaults({ refund: { failNext: 1, errorStatus: 503, historyDelayMs: 2_000 } })

      const second = await refund(order.paymentId, 25)

      expect(second.status).toBe(400)
      expect(second.data.message).toMatch(/no clear answer/)
      expect(serviceRefunds(order.loanId)).toEqual(["25.00"])
      expect((await payment(order.orderId)).refunds).toEqual([25])
      expect((await bookOf(order.loanId)).map((e) => e.state)).toEqual(["accepted", "unknown"])
    })

    it("a portal refund that shows in the history during an unanswered refund is no proof that the unanswered one applied", async () => {
      const order = await capturedOrder()
      // The merchant refunds 40.00 in the service's portal; the history lists it two seconds later.
      env.sandbox.setFaults({ refund: { historyDelayMs: 2_000 } })
      env.sandbox.refundAtService(order.cartId, "40.00")
      // The admin's refund from the order page is answered 503 before the service applies anything.
      env.sandbox.setFaults({ refund: { failNext: 1, errorStatus: 503, historyDelayMs: 2_000 } })

      const unanswered = await refund(order.paymentId, 25)
      await setTimeout(2_500)

      expect(unanswered.status).toBe(400)
      expect(unanswered.data.message).toMatch(/no clear answer/)
      expect(serviceRefunds(order.loanId)).toEqual(["40.00"])
      expect((await payment(order.orderId)).refunds).toEqual([])
      expect((await bookOf(order.loanId)).map((e) => [e.kind, e.state])).toEqual([["requested", "unknown"]])
    })

    it("an order whose unclear refund the admin dismissed is cancelled only with a new refund of the whole loan", async () => {
      const order = await bnplOrder()
      const admin = await adminHeaders(api)
      // The refund never reaches the service's books: a 503, and nothing in the history.
      env.sandbox.setFaults({ refund: { failNext: 1, errorStatus: 503 } })

      const refused = await api.post(`/admin/orders/${order.orderId}/cancel`, {}, { ...admin, validateStatus: () => true })

      expect(refused.status).toBe(400)
      expect((await payment(order.orderId)).status).not.toBe("canceled")
      const [entry] = await bookOf(order.loanId)
      expect(entry.state).toBe("unknown")
      // Cancelling again while it stands sends nothing.
      expect((await api.post(`/admin/orders/${order.orderId}/cancel`, {}, { ...admin, validateStatus: () => true })).status).toBe(400)
      expect(refundRequests(env.sandbox, order.cartId)).toHaveLength(1)

      // The portal shows no refund: the admin says it did not happen.
      const row = await rowOf(order.loanId)
      const dismissed = await api.post(
        `/admin/bnpl/loans/${row.id}/refunds/${entry.id}`,
        { action: "dismiss", reason: "the portal shows no refund" },
        admin,
      )
      expect(dismissed.status).toBe(200)

      const cancel = await api.post(`/admin/orders/${order.orderId}/cancel`, {}, admin)

      expect(cancel.status).toBe(200)
      expect((await payment(order.orderId)).status).toBe("canceled")
      expect(refundRequests(env.sandbox, order.cartId)).toHaveLength(2)
      expect(serviceRefunds(order.loanId)).toEqual([order.total.toFixed(2)])
      expect((await bookOf(order.loanId)).map((e) => e.state)).toEqual(["dismissed", "accepted"])
    })

    it("Refund in full racing the storefront's completion never leaves a live order on a refunded loan", async () => {
      const { cartId, loanId } = await paidCart(env, shop)
      const row = await rowOf(loanId)
      const refunds = received("/api/pos/loan/refund")
      env.sandbox.setFaults({ refund: { latencyMs: 1_500 } })

      const refunding = api.post(`/admin/bnpl/loans/${row.id}/refund`, {}, { ...(await adminHeaders(api)), validateStatus: () => true })
      await until(() => received("/api/pos/loan/refund") > refunds, "the refund to reach the service")
      const [refunded, completed] = await Promise.all([refunding, shop.complete(cartId)])

      expect(refunded.status).toBe(200)
      expect(completed.status).toBe(400)
      expect(await ordersOfCart(getContainer(), cartId)).toEqual([])
      expect(serviceRefunds(loanId)).toEqual([env.sandbox.state.loans.get(loanId)!.request.totalPrice.toFixed(2)])
    })

    it("the storefront's completion racing Refund in full: the completion that started first places the order, and the refund is refused", async () => {
      const { cartId, loanId } = await paidCart(env, shop)
      const row = await rowOf(loanId)
      const statusPath = `/api/pos/loan/${cartId}`
      const queries = received(statusPath)
      env.sandbox.setFaults({ status: { latencyMs: 1_500 } })

      const completing = shop.complete(cartId)
      await until(() => received(statusPath) > queries, "the completion to ask the service")
      const refunding = api.post(`/admin/bnpl/loans/${row.id}/refund`, {}, { ...(await adminHeaders(api)), validateStatus: () => true })
      const [completed, refunded] = await Promise.all([completing, refunding])

      expect(completed.data.type).toBe("order")
      expect(refunded.status).toBe(400)
      expect(refunded.data.message).toContain("payment of order")
      expect(serviceRefunds(loanId)).toEqual([])
    })

    it("a refund check while the order page's refund waits on the service books nothing the service refused", async () => {
      const order = await capturedOrder()
      const row = await rowOf(order.loanId)
      const refunds = received("/api/pos/loan/refund")
      env.sandbox.setFaults({ refund: { latencyMs: 1_500, rejectNext: 1 } })

      const refunding = refund(order.paymentId, 25)
      await until(() => received("/api/pos/loan/refund") > refunds, "the refund to reach the service")
      const [refused] = await Promise.all([refunding, refundCheckWorkflow(getContainer()).run({ input: { ledger_id: row.id } })])

      expect(refused.status).toBe(400)
      expect((await payment(order.orderId)).refunds).toEqual([])
      expect((await bookOf(order.loanId)).map((e) => e.state)).toEqual(["rejected"])
      expect(await rowOf(order.loanId)).toMatchObject({ state: "ordered", refunded_at_service: 0, refunded_in_medusa: 0 })
    })

    it("no second loan on a cart while a refund of its paid loan is unclear", async () => {
      const { cartId, loanId } = await paidCart(env, shop)
      const row = await rowOf(loanId)
      env.sandbox.setFaults({ refund: { applyThenFailNext: 1, historyDelayMs: LATE_HISTORY_MS } })
      const unclear = await api.post(`/admin/bnpl/loans/${row.id}/refund`, {}, { ...(await adminHeaders(api)), validateStatus: () => true })
      expect(unclear.status).toBe(400)

      const again = await shop.startSession(cartId)

      expect(again.status).toBe(400)
      expect([...env.sandbox.state.loans.values()].filter((loan) => loan.cartId === cartId)).toHaveLength(1)
    })

    it("selecting the method again compares the paid loan with the cart's total, not a stale payment collection's", async () => {
      const { cartId, loanId } = await paidCart(env, shop)
      // Code that changes the cart through the cart module: Medusa does not refresh the payment collection.
      await getContainer().resolve(Modules.CART).addLineItems({ cart_id: cartId, title: "Gift wrap", quantity: 1, unit_price: 100 })

      const again = await shop.startSession(cartId)

      expect(again.status).toBe(200)
      const sessions = again.data.payment_collection.payment_sessions as Array<{ data: { loan_id: number } }>
      expect(sessions.map((s) => s.data.loan_id)).not.toContain(loanId)
      expect(serviceRefunds(loanId)).toEqual([env.sandbox.state.loans.get(loanId)!.request.totalPrice.toFixed(2)])
    })

    it("a cancel whose cart-wide reply names no loan does not end a loan paid meanwhile", async () => {
      const cart = await shop.cart()
      const stray = await strayLoan(cart.id)
      const session = await shop.bnplSession(cart.id)
      const row = await rowOf(session.data.loan_id)
      const cancels = received("/api/pos/loan/cancel")
      env.sandbox.setFaults({ cancel: { latencyMs: 1_500 }, webhook: { dropRate: 1 } })

      const cancelling = cancelAbandonedLoanWorkflow(getContainer()).run({ input: { ledger_id: row.id } })
      await until(() => received("/api/pos/loan/cancel") > cancels, "the cancel to reach the service")
      await env.sandbox.pay(session.data.loan_id)
      const { result } = await cancelling

      expect(result).toEqual({ cancelled: false })
      expect(env.sandbox.state.loans.get(stray)!.status).toBe("CANCELLED")
      expect(env.sandbox.state.loans.get(session.data.loan_id)!.status).toBe("OUTSTANDING")
      expect((await rowOf(session.data.loan_id)).state).toBe("open")
    })
  },
})
