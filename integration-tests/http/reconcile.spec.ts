import { setTimeout } from "node:timers/promises"
import { Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { cartLockKey } from "../../src/lib/ledger/locks"
import { useSandbox } from "../helpers/environment"
import { adminHeaders, ordersOfCart, sessionsOfCart, useStorefront } from "../helpers/store"
import { notification, paidCart, postWebhook } from "../helpers/webhook"
import { reconciled } from "../helpers/reconcile"
import { BNPL_LEDGER_MODULE, type BnplLedgerService } from "../../src/modules/bnpl"

jest.setTimeout(90_000)

// No grace period, so sessions created by a test are eligible at once; the
// loan time-out stays at its default (12 h) and tests move sessions back in time.
const env = useSandbox({}, { BNPL_RECONCILE_GRACE_SECONDS: "0", BNPL_RECONCILE_CONCURRENCY: "3" })

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConnection }) => {
    const shop = useStorefront(env, api, getContainer)

    const reconcile = async () => reconciled(api, await adminHeaders(api))

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

    describe("a paid loan whose session Medusa dropped when the customer changed the cart", () => {
      const loansAsked = (cartId: string) =>
        env.sandbox.state.requests.filter((r) => r.path === "/api/loan" && JSON.stringify(r.body).includes(cartId))

      /** Paid (its webhook lost), then the quantity changed: Medusa drops the cart's payment sessions. */
      async function paidThenChanged() {
        const paid = await paidCart(env, shop)
        const { data } = await api.get(`/store/carts/${paid.cartId}`, { headers: { "x-publishable-api-key": shop.store.publishableKey } })
        const lineId: string = data.cart.items[0].id
        const setQuantity = (quantity: number) =>
          api.post(
            `/store/carts/${paid.cartId}/line-items/${lineId}`,
            { quantity },
            { headers: { "x-publishable-api-key": shop.store.publishableKey } },
          )
        expect((await setQuantity(2)).status).toBe(200)
        expect(await sessionsOfCart(getContainer(), paid.cartId)).toEqual([])
        await age(paid.sessionId, 13)
        return { ...paid, setQuantity }
      }

      it("becomes the order once the cart matches it again, past the time-out: no second loan", async () => {
        const { cartId, setQuantity } = await paidThenChanged()
        expect((await setQuantity(1)).status).toBe(200)

        expect(await reconcile()).toEqual(summary({ checked: 1, authorized: 1 }))
        const orders = await ordersOfCart(getContainer(), cartId)
        expect(orders).toHaveLength(1)
        expect((await sessionsOfCart(getContainer(), cartId)).map((s) => [s.provider_id, s.status])).toEqual([["pp_bnpl_bnpl", "authorized"]])
        expect(loansAsked(cartId)).toHaveLength(1)
      })

      it("is listed while the cart does not match it; Retry completion makes it the order once it does", async () => {
        const { cartId, loanId, setQuantity } = await paidThenChanged()
        expect(await reconcile()).toEqual(summary({ checked: 1, needs_attention: 1 }))
        expect(await ordersOfCart(getContainer(), cartId)).toHaveLength(0)

        expect((await setQuantity(1)).status).toBe(200)
        const ledger = getContainer().resolve<BnplLedgerService>(BNPL_LEDGER_MODULE)
        const [row] = await ledger.listBnplLoans({ loan_id: loanId })
        const retried = await api.post(`/admin/bnpl/loans/${row.id}/retry-completion`, {}, await adminHeaders(api))
        expect([retried.status, retried.data.loan.state]).toEqual([200, "ordered"])
        expect(await ordersOfCart(getContainer(), cartId)).toHaveLength(1)
        expect(loansAsked(cartId)).toHaveLength(1)
      })
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
      // Either may finish first: the run confirms the loan, or finds it the order's already
      // (before its page is read under load, the webhook has made the order). Neither fails or lists it.
      expect(summary).toMatchObject({ failed: 0, needs_attention: 0, refunded: 0 })
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

    describe("a waiting session whose loan has no ledger row (a crash between the two writes)", () => {
      const ledger = () => getContainer().resolve<BnplLedgerService>(BNPL_LEDGER_MODULE)
      /** The session as a crash between Medusa's write and the plugin's would leave it. */
      async function rowlessSession() {
        const unpaid = await unpaidCart()
        const [row] = await ledger().listBnplLoans({ loan_id: unpaid.loanId })
        await ledger().deleteBnplLoans([row.id])
        return { ...unpaid, row }
      }

      it("gets its row from the next run", async () => {
        const { loanId, cartId, sessionId } = await rowlessSession()
        // A row written now is younger than the run: its loan is checked from the next run on.
        expect(await reconcile()).toEqual(summary({ backfilled: 1 }))
        const rows = await ledger().listBnplLoans({ loan_id: loanId })
        expect(rows).toEqual([
          expect.objectContaining({ service_cart_id: cartId, payment_session_id: sessionId, state: "open", loan_status: "REQUEST" }),
        ])
      })

      it("gets no second row when its loan's row names another session (a paid loan the cart took over)", async () => {
        const unpaid = await unpaidCart()
        // Past the grace period: the run looks at the session.
        await age(unpaid.sessionId, 1)
        const [row] = await ledger().listBnplLoans({ loan_id: unpaid.loanId })
        // The row moved to a later session; this one is still waiting. Only the loan id tells.
        await ledger().updateBnplLoans({ id: row.id, payment_session_id: "payses_later" })
        expect(await reconcile()).toMatchObject({ backfilled: 0 })
        expect(await ledger().listBnplLoans({ loan_id: unpaid.loanId })).toEqual([
          expect.objectContaining({ id: row.id, payment_session_id: "payses_later" }),
        ])
      })

      it("is written under the cart's lock: a session creation holding it writes the row, and the run leaves it be", async () => {
        const { loanId, row } = await rowlessSession()
        const locking = getContainer().resolve(Modules.LOCKING)
        // What session creation holds between Medusa storing the session and the plugin writing its row.
        await locking.acquire(cartLockKey(row.service_cart_id), { expire: 60 })
        const run = reconciled(api, await adminHeaders(api))
        // Time for a run that did not wait for the lock to write a row of its own.
        await setTimeout(1500)
        const { id: _id, created_at: _c, updated_at: _u, deleted_at: _d, ...fields } = row
        await ledger().createBnplLoans(fields)
        await locking.release(cartLockKey(row.service_cart_id))
        expect(await run).toEqual(nothing)
        expect(await ledger().listBnplLoans({ loan_id: loanId })).toHaveLength(1)
      })

      it("whose cart's lock stays held past the wait is left for the next run; the run still ends done", async () => {
        const { loanId, row } = await rowlessSession()
        const locking = getContainer().resolve(Modules.LOCKING)
        // Held past the 30 s the run waits for a cart (a confirmation stuck on the service).
        await locking.acquire(cartLockKey(row.service_cart_id), { expire: 120 })
        try {
          expect(await reconciled(api, await adminHeaders(api))).toEqual(nothing)
          expect(await ledger().listBnplLoans({ loan_id: loanId })).toHaveLength(0)
        } finally {
          await locking.release(cartLockKey(row.service_cart_id))
        }
        expect(await reconcile()).toEqual(summary({ backfilled: 1 }))
      }, 120_000)
    })

    describe("runs in the background: 202 at once, and a record the admin polls", () => {
      it("answers 202 with the running run and its Location, which resolves to done with the summary", async () => {
        await paidCart(env, shop)
        const headers = await adminHeaders(api)
        const started = await api.post("/admin/bnpl/reconcile", {}, headers)
        expect(started.status).toBe(202)
        const { reconciliation } = started.data
        expect(reconciliation).toMatchObject({ id: expect.stringMatching(/^bnplrec_/), trigger: "admin", status: "running", summary: null })
        expect(started.headers.location).toBe(`/admin/bnpl/reconciliations/${reconciliation.id}`)

        let run = reconciliation
        for (let polls = 0; run.status === "running" && polls < 200; polls++) {
          await setTimeout(250)
          const polled = await api.get(started.headers.location, headers)
          expect(polled.status).toBe(200)
          run = polled.data.reconciliation
        }
        expect(run).toMatchObject({ id: reconciliation.id, status: "done", error: null, summary: summary({ checked: 1, authorized: 1 }) })
        expect(Date.parse(run.finished_at)).toBeGreaterThanOrEqual(Date.parse(run.started_at))

        const latest = await api.get("/admin/bnpl/reconciliations?limit=1", headers)
        expect(latest.status).toBe(200)
        expect(latest.data).toMatchObject({ limit: 1, offset: 0, reconciliations: [{ id: reconciliation.id, status: "done" }] })
      })

      it("ends a run that throws failed, with its error, and the next run works", async () => {
        const headers = await adminHeaders(api)
        // The run's first read of the ledger fails: the step throws, as it would if the database went away.
        const ledger = getContainer().resolve<BnplLedgerService>(BNPL_LEDGER_MODULE)
        const spy = jest.spyOn(ledger, "listBnplLoans").mockRejectedValueOnce(new Error("ledger unreadable (test)"))
        try {
          const started = await api.post("/admin/bnpl/reconcile", {}, headers)
          expect(started.status).toBe(202)
          let run = started.data.reconciliation
          for (let polls = 0; run.status === "running" && polls < 200; polls++) {
            await setTimeout(250)
            run = (await api.get(started.headers.location, headers)).data.reconciliation
          }
          expect(run).toMatchObject({ status: "failed", summary: null, error: expect.stringContaining("ledger unreadable (test)") })
          expect(run.finished_at).toEqual(expect.any(String))
        } finally {
          spy.mockRestore()
        }
        expect(await reconcile()).toEqual(nothing)
      })

      it("says interrupted for a running run whose heartbeat stopped longer than the lock's TTL ago", async () => {
        const headers = await adminHeaders(api)
        const ledger = getContainer().resolve<BnplLedgerService>(BNPL_LEDGER_MODULE)
        const stale = new Date(Date.now() - 121_000)
        const [dead, alive] = await ledger.createBnplReconciliations([
          { trigger: "schedule", status: "running", started_at: stale, heartbeat_at: stale },
          { trigger: "schedule", status: "running", started_at: stale, heartbeat_at: new Date() },
        ])
        expect((await api.get(`/admin/bnpl/reconciliations/${dead.id}`, headers)).data.reconciliation.status).toBe("interrupted")
        expect((await api.get(`/admin/bnpl/reconciliations/${alive.id}`, headers)).data.reconciliation.status).toBe("running")
      })

      it("deletes runs silent for more than 30 days when a run starts, and keeps younger ones", async () => {
        const ledger = getContainer().resolve<BnplLedgerService>(BNPL_LEDGER_MODULE)
        const day = 86_400_000
        const at = (days: number) => new Date(Date.now() - days * day)
        const [old, young] = await ledger.createBnplReconciliations([
          { trigger: "schedule", status: "done", started_at: at(31), heartbeat_at: at(31), finished_at: at(31) },
          { trigger: "schedule", status: "done", started_at: at(29), heartbeat_at: at(29), finished_at: at(29) },
        ])
        await reconcile()
        const left = (await ledger.listBnplReconciliations({ id: [old.id, young.id] })).map((row) => row.id)
        expect(left).toEqual([young.id])
      })

      it("answers 404 naming an unknown run", async () => {
        const response = await api.get("/admin/bnpl/reconciliations/bnplrec_unknown", await adminHeaders(api))
        expect(response.status).toBe(404)
        expect(response.data.message).toContain("bnplrec_unknown")
      })

      it("refuses a bad limit with 400 naming it", async () => {
        const headers = await adminHeaders(api)
        for (const limit of ["0", "101", "ten"]) {
          const response = await api.get(`/admin/bnpl/reconciliations?limit=${limit}`, headers)
          expect(response.status).toBe(400)
          expect(response.data.message).toContain("limit")
        }
        expect((await api.get("/admin/bnpl/reconciliations?offset=-1", headers)).status).toBe(400)
      })
    })

    it("is admin only", async () => {
      const anonymous = { validateStatus: () => true }
      expect((await api.post("/admin/bnpl/reconcile", {}, anonymous)).status).toBe(401)
      expect((await api.get("/admin/bnpl/reconciliations", anonymous)).status).toBe(401)
      expect((await api.get("/admin/bnpl/reconciliations/bnplrec_unknown", anonymous)).status).toBe(401)
    })
  },
})
