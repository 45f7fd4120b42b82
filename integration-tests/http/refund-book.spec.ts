import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { Modules } from "@medusajs/framework/utils"
import { cartLockKey, holderLocksOf, underLocks } from "../../src/lib/ledger/locks"
import { cartHolder } from "../../src/modules/bnpl/holder"
import { BNPL_LEDGER_MODULE, type BnplLedgerService } from "../../src/modules/bnpl"
import { refundRequests, useSandbox } from "../helpers/environment"
import { reconciled } from "../helpers/reconcile"
import { adminHeaders, ordersOfCart, useStorefront } from "../helpers/store"
import { until } from "../helpers/until"
import { notification, paidCart, postWebhook } from "../helpers/webhook"

jest.setTimeout(120_000)

// The sandbox's defaults (the refund history holds cartId, status and refundDate, nothing more); every reconciliation checks refunds.
const env = useSandbox({}, { BNPL_REFUND_CHECK_HOURS: "0", BNPL_RECONCILE_GRACE_SECONDS: "0" })

/** What the service refunded on a loan, in cents, from its own records (the truth the plugin cannot read). */
const serviceRefunds = (loanId: number) => (env.sandbox.state.loans.get(loanId)?.refunds ?? []).map((r) => r.totalAmount)
/** Requests the sandbox has received on a path so far, answered or not. */
const received = (path: string) => env.sandbox.state.requests.filter((r) => r.path === path).length

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const shop = useStorefront(env, api, getContainer)
    const ledger = () => getContainer().resolve<BnplLedgerService>(BNPL_LEDGER_MODULE)
    const rowOf = async (loanId: number) => (await ledger().listBnplLoans({ loan_id: loanId }))[0]

    async function bnplOrder() {
      const cart = await shop.cart()
      const session = await shop.bnplSession(cart.id)
      await env.sandbox.pay(session.data.loan_id)
      const completed = await shop.complete(cart.id)
      expect(completed.data.type).toBe("order")
      return { cartId: cart.id, total: Number(cart.total), orderId: completed.data.order.id as string, loanId: session.data.loan_id }
    }

    async function payment(orderId: string) {
      const admin = await adminHeaders(api)
      const { data } = await api.get(
        `/admin/orders/${orderId}?fields=status,*payment_collections.payments,*payment_collections.payments.refunds`,
        admin,
      )
      const pay = data.order.payment_collections[0].payments[0]
      return {
        status: data.order.status as string,
        id: pay.id as string,
        refunds: (pay.refunds ?? []).map((r: { amount: number }) => Number(r.amount)),
      }
    }

    describe("a refund made in the service's portal", () => {
      it("is listed with its date, then recorded by the admin in Medusa without a request to the service", async () => {
        const order = await bnplOrder()
        const admin = await adminHeaders(api)
        expect((await api.post(`/admin/payments/${(await payment(order.orderId)).id}/capture`, {}, admin)).status).toBe(200)
        const portal = env.sandbox.refundAtService(order.cartId, "250.00", "customer called the service")
        await env.sandbox.idle() // the refund history lists it a moment later (visibleAfterMs)

        await reconciled(api, admin)

        const listed = await rowOf(order.loanId)
        expect(listed.state).toBe("needs_attention")
        expect(listed.attention_reason).toContain("outside Medusa")
        expect(listed.attention_reason).toContain(portal.refundDate)
        const book = (await api.get(`/admin/bnpl/loans/${listed.id}/refunds`, admin)).data.refunds
        expect(book).toEqual([expect.objectContaining({ kind: "outside", state: "open", amount: null, refund_date: portal.refundDate })])
        // While it stands, no refund is sent: Refund in full is refused.
        expect((await api.post(`/admin/bnpl/loans/${listed.id}/refund`, {}, admin)).status).toBe(400)

        const recorded = await api.post(`/admin/bnpl/loans/${listed.id}/refunds/${book[0].id}`, { action: "record", amount: "250.00" }, admin)

        expect(recorded.status).toBe(200)
        expect((await payment(order.orderId)).refunds).toEqual([250])
        expect(refundRequests(env.sandbox)).toHaveLength(0)
        expect(serviceRefunds(order.loanId)).toEqual(["250.00"])
        expect(await rowOf(order.loanId)).toMatchObject({
          state: "ordered",
          refunded_at_service: 250,
          refunded_in_medusa: 250,
          attention_reason: null,
        })
        // A second reconciliation finds the books agreeing: nothing new is listed or recorded.
        await reconciled(api, admin)
        expect((await rowOf(order.loanId)).state).toBe("ordered")
        expect((await payment(order.orderId)).refunds).toEqual([250])
      })

      it("can be dismissed with a reason, and then Medusa records nothing", async () => {
        const order = await bnplOrder()
        const admin = await adminHeaders(api)
        env.sandbox.refundAtService(order.cartId, "10.00")
        await env.sandbox.idle() // the refund history lists it a moment later (visibleAfterMs)
        await reconciled(api, admin)
        const row = await rowOf(order.loanId)
        const [entry] = (await api.get(`/admin/bnpl/loans/${row.id}/refunds`, admin)).data.refunds

        const bad = await api.post(`/admin/bnpl/loans/${row.id}/refunds/${entry.id}`, { action: "dismiss" }, admin)
        expect(bad.status).toBe(400)
        const dismissed = await api.post(
          `/admin/bnpl/loans/${row.id}/refunds/${entry.id}`,
          { action: "dismiss", reason: "a test refund at the portal" },
          admin,
        )

        expect(dismissed.status).toBe(200)
        expect(dismissed.data.entry).toMatchObject({ state: "dismissed", note: expect.stringContaining("a test refund at the portal") })
        expect((await payment(order.orderId)).refunds).toEqual([])
        expect((await rowOf(order.loanId)).state).toBe("ordered")
      })
    })

    it("an admin refund of the same amount asked while a portal refund is being recorded waits for it: the admin's reaches the service, both reach Medusa", async () => {
      const order = await bnplOrder()
      const admin = await adminHeaders(api)
      const paymentId = (await payment(order.orderId)).id
      expect((await api.post(`/admin/payments/${paymentId}/capture`, {}, admin)).status).toBe(200)
      env.sandbox.refundAtService(order.cartId, "40.00")
      await env.sandbox.idle() // the refund history lists it a moment later (visibleAfterMs)
      await reconciled(api, admin)
      const row = await rowOf(order.loanId)
      const [entry] = (await api.get(`/admin/bnpl/loans/${row.id}/refunds`, admin)).data.refunds
      // The record holds the cart's lock while the service's status answer is slow; the admin's
      // refund is asked meanwhile, so it runs right after the record, beside its refund check.
      const statusPath = `/api/pos/loan/${order.cartId}`
      const queries = received(statusPath)
      env.sandbox.setFaults({ status: { latencyMs: 1_500 } })

      const recording = api.post(`/admin/bnpl/loans/${row.id}/refunds/${entry.id}`, { action: "record", amount: "40.00" }, admin)
      await until(
        () => received(statusPath),
        (n) => n > queries,
      )
      const [recorded, refunded] = await Promise.all([recording, api.post(`/admin/payments/${paymentId}/refund`, { amount: 40 }, admin)])

      expect([recorded.status, refunded.status]).toEqual([200, 200])
      expect(refundRequests(env.sandbox)).toHaveLength(1)
      expect(serviceRefunds(order.loanId)).toEqual(["40.00", "40.00"])
      expect((await payment(order.orderId)).refunds.sort()).toEqual([40, 40])
      env.sandbox.setFaults({})
      await reconciled(api, admin)
      expect(await rowOf(order.loanId)).toMatchObject({ state: "ordered", refunded_at_service: 80, refunded_in_medusa: 80 })
    })

    it("an admin refund asked before a portal refund is recorded is refused, and names the refund to record", async () => {
      const order = await bnplOrder()
      const admin = await adminHeaders(api)
      const paymentId = (await payment(order.orderId)).id
      expect((await api.post(`/admin/payments/${paymentId}/capture`, {}, admin)).status).toBe(200)
      env.sandbox.refundAtService(order.cartId, "40.00")
      await env.sandbox.idle()
      await reconciled(api, admin)

      const refunded = await api.post(`/admin/payments/${paymentId}/refund`, { amount: 40 }, { ...admin, validateStatus: () => true })

      expect(refunded.status).toBe(400)
      expect(refunded.data.message).toContain("made outside Medusa")
      expect(refundRequests(env.sandbox)).toHaveLength(0)
      expect(serviceRefunds(order.loanId)).toEqual(["40.00"])
      expect((await payment(order.orderId)).refunds).toEqual([])
    })

    it("a cart's lock has an owner: a holder whose lock lapsed cannot release the one who holds it now", async () => {
      const { cartId } = await paidCart(env, shop)
      const locking = getContainer().resolve(Modules.LOCKING)
      const key = cartLockKey(cartId)
      let bHolds!: () => void
      const bHeld = new Promise<void>((resolve) => (bHolds = resolve))
      // Holder A's lock lapses mid-work (as its TTL would, in a stalled process), and B takes the cart.
      const a = underLocks(getContainer(), holderLocksOf(getContainer(), [cartHolder(cartId)]), async () => {
        await locking.release(key)
        await bHeld
      })
      const released = await underLocks(getContainer(), holderLocksOf(getContainer(), [cartHolder(cartId)]), async () => {
        bHolds()
        await a // A ends and releases what it believes is its lock
        return locking.acquire(key, { ownerId: "third-holder", expire: 5 }).then(
          () => true,
          () => false,
        )
      })

      expect(released).toBe(false)
      // B released its own lock when its work ended: the next holder gets the cart.
      await expect(locking.acquire(key, { ownerId: "third-holder", expire: 5 })).resolves.not.toThrow()
      await locking.release(key, { ownerId: "third-holder" })
    })

    describe("cancelling an order", () => {
      it("after a partial refund made in the portal and recorded, refunds exactly what remains, once", async () => {
        const order = await bnplOrder()
        const admin = await adminHeaders(api)
        expect((await api.post(`/admin/payments/${(await payment(order.orderId)).id}/capture`, {}, admin)).status).toBe(200)
        env.sandbox.refundAtService(order.cartId, "100.00")
        await env.sandbox.idle() // the refund history lists it a moment later (visibleAfterMs)
        await reconciled(api, admin)
        const row = await rowOf(order.loanId)
        const [entry] = (await api.get(`/admin/bnpl/loans/${row.id}/refunds`, admin)).data.refunds
        expect((await api.post(`/admin/bnpl/loans/${row.id}/refunds/${entry.id}`, { action: "record", amount: "100.00" }, admin)).status).toBe(200)

        const cancel = await api.post(`/admin/orders/${order.orderId}/cancel`, {}, admin)

        expect(cancel.status).toBe(200)
        expect((await payment(order.orderId)).status).toBe("canceled")
        expect(serviceRefunds(order.loanId)).toEqual(["100.00", (order.total - 100).toFixed(2)])
        expect((await payment(order.orderId)).refunds.sort((a: number, b: number) => a - b)).toEqual([100, order.total - 100].sort((a, b) => a - b))
      })

      it("after the service rejected the first refund, stays uncancelled; the next cancel refunds the whole loan once, under a new key", async () => {
        const order = await bnplOrder()
        const admin = await adminHeaders(api)
        env.sandbox.setFaults({ refund: { rejectNext: 1 } })

        const refused = await api.post(`/admin/orders/${order.orderId}/cancel`, {}, admin)

        expect(refused.status).toBe(400)
        expect(refused.data.message).toContain("was not cancelled")
        expect((await payment(order.orderId)).status).not.toBe("canceled")
        expect(serviceRefunds(order.loanId)).toEqual([])

        const cancel = await api.post(`/admin/orders/${order.orderId}/cancel`, {}, admin)

        expect(cancel.status).toBe(200)
        expect((await payment(order.orderId)).status).toBe("canceled")
        expect(serviceRefunds(order.loanId)).toEqual([order.total.toFixed(2)])
        // A service that honours idempotency keys would answer the old key with the old refusal.
        const keys = refundRequests(env.sandbox).map((r) => r.headers["x-idempotency-key"])
        expect(keys).toHaveLength(2)
        expect(new Set(keys).size).toBe(2)
      })
    })

    describe("a refunded loan never pays an order", () => {
      it("the webhook refuses a loan refunded in the portal before its order, and lists it", async () => {
        const { cartId, loanId } = await paidCart(env, shop)
        env.sandbox.refundAtService(cartId, "50.00")
        await env.sandbox.idle() // the refund history lists it a moment later (visibleAfterMs)

        const response = await postWebhook(env, notification(cartId, loanId))

        expect(response.status).toBe(200)
        expect(await ordersOfCart(getContainer(), cartId)).toEqual([])
        const row = await rowOf(loanId)
        expect(row.state).toBe("needs_attention")
        expect(row.attention_reason).toContain("outside Medusa")
      })

      it("the storefront's completion refuses it too", async () => {
        const { cartId, loanId } = await paidCart(env, shop)
        env.sandbox.refundAtService(cartId, "50.00")
        await env.sandbox.idle() // the refund history lists it a moment later (visibleAfterMs)

        const completed = await shop.complete(cartId)

        expect(completed.status).toBe(400)
        expect(await ordersOfCart(getContainer(), cartId)).toEqual([])
        expect((await rowOf(loanId)).state).toBe("needs_attention")
      })

      it("reconciliation refuses it too: the loan whose webhook was lost is listed, not made an order", async () => {
        const { cartId, loanId } = await paidCart(env, shop)
        env.sandbox.refundAtService(cartId, "50.00")
        await env.sandbox.idle() // the refund history lists it a moment later (visibleAfterMs)

        await reconciled(api, await adminHeaders(api))

        expect(await ordersOfCart(getContainer(), cartId)).toEqual([])
        const row = await rowOf(loanId)
        expect(row.state).toBe("needs_attention")
        expect(row.attention_reason).toContain("outside Medusa")
      })

      it("Retry completion refuses a listed loan refunded in full in the portal", async () => {
        const { cartId, loanId } = await paidCart(env, shop)
        const admin = await adminHeaders(api)
        env.sandbox.refundAtService(cartId, env.sandbox.state.loans.get(loanId)!.request.totalPrice.toFixed(2))
        await env.sandbox.idle() // the refund history lists it a moment later (visibleAfterMs)
        await postWebhook(env, notification(cartId, loanId))
        const row = await rowOf(loanId)
        expect(row.state).toBe("needs_attention")

        const retry = await api.post(`/admin/bnpl/loans/${row.id}/retry-completion`, {}, admin)

        expect(retry.status).toBeLessThan(500)
        expect(await ordersOfCart(getContainer(), cartId)).toEqual([])
        expect((await rowOf(loanId)).state).toBe("needs_attention")
      })
    })

    it("Refund in full is refused, naming the order, while an order that is not cancelled holds the loan", async () => {
      const order = await bnplOrder()
      const admin = await adminHeaders(api)
      const row = await rowOf(order.loanId)
      // Even when the ledger's row names no order (a row that lost its order, a suspected second order).
      await ledger().updateBnplLoans({ id: row.id, order_id: null, state: "needs_attention", attention_reason: "test" })

      const refused = await api.post(`/admin/bnpl/loans/${row.id}/refund`, {}, admin)

      expect(refused.status).toBe(400)
      expect(refused.data.message).toContain(order.orderId)
      expect(refundRequests(env.sandbox)).toHaveLength(0)
      expect(serviceRefunds(order.loanId)).toEqual([])
    })
  },
})
