import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { useSandbox } from "../helpers/environment"
import { adminHeaders, ordersOfCart, sessionsOfCart, useStorefront } from "../helpers/store"
import { notification, paidCart, postWebhook } from "../helpers/webhook"
import { BNPL_LEDGER_MODULE, type BnplLedgerService } from "../../src/modules/bnpl"

jest.setTimeout(90_000)

// No grace period, so sessions created by a test are eligible at once; the
// loan time-out stays at its default (12 h) and tests move sessions back in time.
const env = useSandbox({}, { BNPL_RECONCILE_GRACE_SECONDS: "0", BNPL_RECONCILE_CONCURRENCY: "3" })

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConnection }) => {
    const shop = useStorefront(env, api, getContainer)

    const reconcile = async () => {
      const response = await api.post("/admin/bnpl/reconcile", {}, await adminHeaders(api))
      expect(response.status).toBe(200)
      return response.data as Record<string, number>
    }

    /** Moves a loan back in time: its session and its ledger row. */
    const age = async (sessionId: string, hours: number) => {
      await dbConnection.raw(`UPDATE payment_session SET created_at = now() - interval '${hours} hours' WHERE id = ?`, [sessionId])
      await dbConnection.raw(`UPDATE bnpl_loan SET created_at = now() - interval '${hours} hours' WHERE payment_session_id = ?`, [sessionId])
    }

    const nothing = {
      checked: 0,
      authorized: 0,
      cancelled: 0,
      pending: 0,
      failed: 0,
      needs_attention: 0,
      refunded: 0,
      refunds_recorded: 0,
      backfilled: 0,
    }
    const summary = (counts: Partial<typeof nothing>) => ({ ...nothing, ...counts })

    async function unpaidCart() {
      const cart = await shop.cart()
      const session = await shop.bnplSession(cart.id)
      return { cartId: cart.id, loanId: session.data.loan_id, sessionId: session.id }
    }

    const cancelRequests = () => env.sandbox.state.requests.filter((r) => r.path === "/api/pos/loan/cancel")

    it("turns a paid loan whose webhook was dropped into an order", async () => {
      const { cartId } = await paidCart(env, shop)
      expect(await ordersOfCart(getContainer(), cartId)).toHaveLength(0)

      expect(await reconcile()).toEqual(summary({ checked: 1, authorized: 1 }))
      expect(await ordersOfCart(getContainer(), cartId)).toHaveLength(1)
      // The next run compares the new order's refunds with the service's once; nothing to do.
      expect(await reconcile()).toEqual(summary({ checked: 1 }))
      expect(await reconcile()).toEqual(nothing)
    })

    it("cancels an abandoned loan past the time-out at the service, and leaves a younger one alone", async () => {
      const abandoned = await unpaidCart()
      const young = await unpaidCart()
      await age(abandoned.sessionId, 13)

      expect(await reconcile()).toEqual(summary({ checked: 2, cancelled: 1, pending: 1 }))
      expect(env.sandbox.state.loans.get(abandoned.loanId)?.status).toBe("CANCELLED")
      expect(env.sandbox.state.loans.get(young.loanId)?.status).toBe("REQUEST")
      expect((await sessionsOfCart(getContainer(), abandoned.cartId)).map((s) => s.status)).toEqual(["canceled"])
      expect((await sessionsOfCart(getContainer(), young.cartId)).map((s) => s.status)).toEqual(["pending"])
    })

    describe("a loan the service already cancelled (the customer was declined)", () => {
      const rowOf = async (loanId: number) =>
        (await getContainer().resolve<BnplLedgerService>(BNPL_LEDGER_MODULE).listBnplLoans({ loan_id: loanId }))[0]

      it("is counted cancelled, ends the session and the ledger row, and sends the service no cancel", async () => {
        // Young on purpose: a loan the service cancelled needs no time-out to be ended.
        const declined = await unpaidCart()
        const waiting = await unpaidCart()
        env.sandbox.decline(declined.loanId)

        expect(await reconcile()).toEqual(summary({ checked: 2, cancelled: 1, pending: 1 }))
        expect(cancelRequests()).toHaveLength(0)
        expect(await rowOf(declined.loanId)).toMatchObject({ state: "cancelled", loan_status: "CANCELLED", order_id: null })
        expect((await sessionsOfCart(getContainer(), declined.cartId)).map((s) => s.status)).toEqual(["canceled"])
        expect(await rowOf(waiting.loanId)).toMatchObject({ state: "open", loan_status: "REQUEST" })
        expect((await sessionsOfCart(getContainer(), waiting.cartId)).map((s) => s.status)).toEqual(["pending"])
        expect(await ordersOfCart(getContainer(), declined.cartId)).toHaveLength(0)

        // Final: the next run does not look at it again.
        expect(await reconcile()).toEqual(summary({ checked: 1, pending: 1 }))
      })
    })

    it("never cancels a paid loan, however old: it confirms it", async () => {
      const { cartId, loanId, sessionId } = await paidCart(env, shop)
      await age(sessionId, 48)
      expect(await reconcile()).toMatchObject({ authorized: 1, cancelled: 0 })
      expect(env.sandbox.state.loans.get(loanId)?.status).toBe("OUTSTANDING")
      expect(cancelRequests()).toHaveLength(0)
      expect(await ordersOfCart(getContainer(), cartId)).toHaveLength(1)
    })

    it("leaves a loan whose status query fails untouched, and settles it on the next run", async () => {
      const { cartId } = await paidCart(env, shop)
      env.sandbox.setFaults({ status: { errorRate: 1 } })
      expect(await reconcile()).toEqual(summary({ checked: 1, failed: 1 }))
      expect((await sessionsOfCart(getContainer(), cartId)).map((s) => s.status)).toEqual(["pending"])
      expect(await ordersOfCart(getContainer(), cartId)).toHaveLength(0)

      env.sandbox.setFaults({})
      expect(await reconcile()).toMatchObject({ checked: 1, authorized: 1 })
      expect(await ordersOfCart(getContainer(), cartId)).toHaveLength(1)
    })

    it("gives one order when reconciliation and the webhook run at once", async () => {
      const { cartId, loanId } = await paidCart(env, shop)
      const [summary, hook] = await Promise.all([reconcile(), postWebhook(env, notification(cartId, loanId))])
      expect(hook.status).toBe(200)
      expect(summary.authorized).toBe(1)
      expect(await ordersOfCart(getContainer(), cartId)).toHaveLength(1)
    })

    it("processes nothing twice when two runs overlap", async () => {
      const paid = await paidCart(env, shop)
      const abandoned = await unpaidCart()
      await age(abandoned.sessionId, 13)
      const [a, b] = await Promise.all([reconcile(), reconcile()])
      expect(a.authorized + b.authorized).toBeGreaterThanOrEqual(1)
      expect(a.cancelled + b.cancelled).toBe(1)
      expect(cancelRequests()).toHaveLength(1)
      expect(await ordersOfCart(getContainer(), paid.cartId)).toHaveLength(1)
    })

    it("is admin only", async () => {
      const response = await api.post("/admin/bnpl/reconcile", {}, { validateStatus: () => true })
      expect(response.status).toBe(401)
    })
  },
})
