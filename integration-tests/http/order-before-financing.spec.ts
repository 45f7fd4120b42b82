import { setTimeout } from "node:timers/promises"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { BNPL_LEDGER_MODULE, type BnplLedgerService } from "../../src/modules/bnpl"
import { useSandbox } from "../helpers/environment"
import { reconciled } from "../helpers/reconcile"
import { adminHeaders, ordersOfCart, sessionsOfCart, useStorefront } from "../helpers/store"
import { notification, postWebhook } from "../helpers/webhook"

jest.setTimeout(120_000)

/**
 * `orderBeforeFinancing`: the storefront completes the cart before the shopper goes to the
 * service. Medusa places the order with its payment pending and its stock reserved; the paid
 * loan authorizes that order's session through Medusa's own path, and a loan that ends unpaid
 * takes its order with it.
 */
const env = useSandbox({}, { BNPL_ORDER_BEFORE_FINANCING: "true", BNPL_RECONCILE_GRACE_SECONDS: "0" })

interface OrderState {
  status: string
  payment_status: string
  payments: Array<{ id: string; captured_at: string | null }>
  reserved: number
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConnection }) => {
    const shop = useStorefront(env, api, getContainer)
    const ledger = () => getContainer().resolve<BnplLedgerService>(BNPL_LEDGER_MODULE)
    const rowOf = async (loanId: number) => (await ledger().listBnplLoans({ loan_id: loanId }))[0]
    const reconcile = async () => reconciled(api, await adminHeaders(api))

    async function orderState(orderId: string): Promise<OrderState> {
      const { data } = await getContainer()
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({
          entity: "order",
          fields: ["status", "items.id", "payment_collections.status", "payment_collections.payments.id", "payment_collections.payments.captured_at"],
          filters: { id: orderId },
        })
      const order = data[0] as {
        status: string
        items: Array<{ id: string }>
        payment_collections: Array<{ status: string; payments: OrderState["payments"] }>
      }
      const reservations = await getContainer()
        .resolve(Modules.INVENTORY)
        .listReservationItems({ line_item_id: order.items.map((item) => item.id) })
      return {
        status: order.status,
        payment_status: order.payment_collections.map((c) => c.status).join(","),
        payments: order.payment_collections.flatMap((c) => c.payments ?? []),
        reserved: reservations.length,
      }
    }

    /** The storefront in this mode: a session, then the cart completed before the redirect. */
    async function placedBeforeFinancing() {
      const cart = await shop.cart()
      const session = await shop.bnplSession(cart.id)
      const completed = await shop.complete(cart.id)
      expect(completed.status).toBe(200)
      expect(completed.data.type).toBe("order")
      return { cartId: cart.id, loanId: session.data.loan_id, sessionId: session.id, orderId: completed.data.order.id as string }
    }

    async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
      for (let i = 0; i < 100; i++) {
        const value = await read()
        if (done(value)) return value
        await setTimeout(100)
      }
      return read()
    }

    it("places the order with its payment pending and its stock reserved; the paid loan's webhook authorizes it, once", async () => {
      const placed = await placedBeforeFinancing()

      const waiting = await orderState(placed.orderId)
      expect(waiting).toMatchObject({ status: "pending", payments: [] })
      // What the storefront kit reads on the order the completion answers (complete.ts, awaitsPayment).
      expect(["not_paid", "awaiting"]).toContain(waiting.payment_status)
      expect(waiting.reserved).toBeGreaterThan(0)
      expect((await sessionsOfCart(getContainer(), placed.cartId)).map((s) => s.status)).toEqual(["pending_authorization"])
      expect(env.sandbox.state.loans.get(placed.loanId)?.status).toBe("REQUEST")
      // The completion ended in an order: its mark goes (order.placed), so no later confirmation looks for a crash's leftovers.
      expect(
        await until(
          () => rowOf(placed.loanId),
          (row) => !row.completion_started_at,
        ),
      ).toMatchObject({
        state: "open",
        order_id: null,
        completion_started_at: null,
      })

      // The order page's card says so, with the loan's page to send the shopper again.
      const card = await api.get(`/admin/bnpl/orders/${placed.orderId}/loan`, await adminHeaders(api))
      expect(card.status).toBe(200)
      expect(card.data).toMatchObject({ loan_id: placed.loanId, awaiting_financing: true, loan: { status: "REQUEST" } })
      expect(card.data.checkout_url).toMatch(/^http/)
      // And the loans page, on the loan's row.
      const listed = async () => (await api.get(`/admin/bnpl/loans?q=${placed.loanId}`, await adminHeaders(api))).data.loans[0]
      expect(await listed()).toMatchObject({ loan_id: placed.loanId, state: "open", order_id: null, awaiting_order_id: placed.orderId })

      await env.sandbox.pay(placed.loanId)
      const financed = await until(
        () => orderState(placed.orderId),
        (state) => state.payments.length > 0,
      )
      expect(financed.payments).toHaveLength(1)
      // Captured at confirmation (autoCapture, the default): the order shows the loan's money received.
      expect(financed.payment_status).toBe("completed")
      expect(await rowOf(placed.loanId)).toMatchObject({ state: "ordered", order_id: placed.orderId })
      expect(await ordersOfCart(getContainer(), placed.cartId)).toEqual([{ order_id: placed.orderId }])
      expect(await listed()).toMatchObject({ state: "ordered", order_id: placed.orderId, awaiting_order_id: null })
      const paidCard = await api.get(`/admin/bnpl/orders/${placed.orderId}/loan`, await adminHeaders(api))
      expect(paidCard.data).toMatchObject({ awaiting_financing: false, checkout_url: null, loan: { status: "OUTSTANDING" } })

      // A second delivery, and reconciliation, find it done: still one payment on one order.
      expect((await postWebhook(env, notification(placed.cartId, placed.loanId))).status).toBe(200)
      await reconcile()
      expect((await orderState(placed.orderId)).payments).toHaveLength(1)
      expect(await ordersOfCart(getContainer(), placed.cartId)).toHaveLength(1)
    })

    it("tells the storefront to send the shopper of an order awaiting its financing to the loan's page, then to show the order", async () => {
      const placed = await placedBeforeFinancing()
      const eligibility = async () =>
        (
          await api.get(`/store/carts/${placed.cartId}/bnpl`, {
            headers: { "x-publishable-api-key": shop.store.publishableKey },
          })
        ).data.bnpl

      const waiting = await eligibility()
      expect(waiting).toMatchObject({ next_step: "pay_order", order_before_financing: true, loan: { loan_id: placed.loanId, status: "pending" } })
      expect(waiting.loan.checkout_url).toMatch(/^http/)

      await env.sandbox.pay(placed.loanId)
      await until(
        () => orderState(placed.orderId),
        (state) => state.payments.length > 0,
      )
      // The loan's status may be the one the store read a moment ago (recent-loans.ts): the step is decided by the order's payment.
      expect(await eligibility()).toMatchObject({ next_step: "show_order", loan: { loan_id: placed.loanId } })
    })

    it("authorizes the order when the shopper comes back to the return page before the webhook does", async () => {
      const placed = await placedBeforeFinancing()
      env.sandbox.setFaults({ webhook: { dropRate: 1 } })
      await env.sandbox.pay(placed.loanId)
      env.sandbox.setFaults({})

      const back = await shop.complete(placed.cartId)

      expect(back.status).toBe(200)
      expect(back.data).toMatchObject({ type: "order", order: { id: placed.orderId } })
      expect(back.data.order.payment_collections.map((c: { status: string }) => c.status)).toEqual(["completed"])
      expect((await orderState(placed.orderId)).payments).toHaveLength(1)
      expect(await rowOf(placed.loanId)).toMatchObject({ state: "ordered", order_id: placed.orderId })
    })

    it("cancels the order, its stock released, when its loan is abandoned past the loan time-out", async () => {
      const placed = await placedBeforeFinancing()
      await dbConnection.raw(`UPDATE bnpl_loan SET created_at = now() - interval '13 hours' WHERE loan_id = ?`, [placed.loanId])

      await reconcile()

      expect(env.sandbox.state.loans.get(placed.loanId)?.status).toBe("CANCELLED")
      expect(await rowOf(placed.loanId)).toMatchObject({ state: "cancelled", loan_status: "CANCELLED" })
      const cancelled = await until(
        () => orderState(placed.orderId),
        (state) => state.status === "canceled",
      )
      expect(cancelled).toMatchObject({ status: "canceled", payments: [], reserved: 0 })
      expect((await sessionsOfCart(getContainer(), placed.cartId)).map((s) => s.status)).toEqual(["canceled"])
    })

    it("a second session whose loan reply is lost: the loan Medusa's rollback makes has its row, and the order placed on it ends with it", async () => {
      const cart = await shop.cart()
      const first = await shop.bnplSession(cart.id)
      // The service makes the new loan and cancels the first, and neither reply arrives: Medusa's
      // rollback re-creates the session it had deleted, and the provider makes it another loan.
      env.sandbox.setFaults({ loan: { applyThenFailNext: 1 }, cancel: { applyThenFailNext: 1 } })
      const failed = await shop.startSession(cart.id)
      env.sandbox.setFaults({})
      expect(failed.status).toBeGreaterThanOrEqual(400)
      const [session] = (await sessionsOfCart(getContainer(), cart.id)).filter((s) => s.provider_id === "pp_bnpl_bnpl")
      const loanId = session.data.loan_id as number
      expect(loanId).not.toBe(first.data.loan_id)
      expect(await rowOf(loanId)).toMatchObject({ state: "open", service_cart_id: cart.id, payment_session_id: session.id })

      const completed = await shop.complete(cart.id)
      expect(completed.data.type).toBe("order")
      await dbConnection.raw(`UPDATE bnpl_loan SET created_at = now() - interval '13 hours' WHERE loan_id = ?`, [loanId])
      await reconcile()

      expect(env.sandbox.state.loans.get(loanId)?.status).toBe("CANCELLED")
      const cancelled = await until(
        () => orderState(completed.data.order.id as string),
        (state) => state.status === "canceled",
      )
      expect(cancelled).toMatchObject({ status: "canceled", payments: [], reserved: 0 })
    })

    it("cancels the order when the service declines the loan", async () => {
      const placed = await placedBeforeFinancing()
      env.sandbox.decline(placed.loanId)

      await reconcile()

      expect(
        (
          await until(
            () => orderState(placed.orderId),
            (state) => state.status === "canceled",
          )
        ).status,
      ).toBe("canceled")
      expect(await rowOf(placed.loanId)).toMatchObject({ state: "cancelled" })
    })

    it("cancels the loan at the service when the admin cancels the order before it is financed", async () => {
      const placed = await placedBeforeFinancing()

      const cancel = await api.post(`/admin/orders/${placed.orderId}/cancel`, {}, await adminHeaders(api))

      expect(cancel.status).toBe(200)
      await until(
        async () => env.sandbox.state.loans.get(placed.loanId)?.status,
        (status) => status === "CANCELLED",
      )
      expect(env.sandbox.state.loans.get(placed.loanId)?.status).toBe("CANCELLED")
      expect(
        await until(
          () => rowOf(placed.loanId),
          (row) => row.state === "cancelled",
        ),
      ).toMatchObject({ state: "cancelled" })
      expect((await orderState(placed.orderId)).reserved).toBe(0)
    })

    it("the admin's cancel of an order whose loan is paid but whose webhook is late refunds the loan with the cancel", async () => {
      const placed = await placedBeforeFinancing()
      env.sandbox.setFaults({ webhook: { dropRate: 1 } })
      await env.sandbox.pay(placed.loanId)
      await env.sandbox.idle()
      expect((await orderState(placed.orderId)).payments).toEqual([])

      const cancel = await api.post(`/admin/orders/${placed.orderId}/cancel`, {}, await adminHeaders(api))

      expect(cancel.status).toBe(200)
      expect(cancel.data.order.status).toBe("canceled")
      const loan = env.sandbox.state.loans.get(placed.loanId)!
      expect(loan.refunds.map((r) => Number(r.totalAmount))).toEqual([Number(loan.request.totalPrice)])
      // Medusa records the refund it made of the captured payment: its refunds equal the service's.
      const { data } = await getContainer()
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({ entity: "order", fields: ["payment_collections.payments.refunds.amount"], filters: { id: placed.orderId } })
      const refunds = (data[0] as { payment_collections: Array<{ payments: Array<{ refunds: Array<{ amount: number }> }> }> }).payment_collections
        .flatMap((c) => c.payments)
        .flatMap((p) => p.refunds.map((r) => Number(r.amount)))
      expect(refunds).toEqual([Number(loan.request.totalPrice)])
      await reconcile()
      expect(loan.refunds).toHaveLength(1)
    })

    it("an edit while the loan waits changes what the order asks: the loan paid for the old total authorizes nothing", async () => {
      const placed = await placedBeforeFinancing()
      const headers = await adminHeaders(api)
      expect((await api.post("/admin/order-edits", { order_id: placed.orderId }, headers)).status).toBe(200)
      const added = { items: [{ variant_id: shop.store.variantIds[1], quantity: 1 }] }
      expect((await api.post(`/admin/order-edits/${placed.orderId}/items`, added, headers)).status).toBe(200)
      expect((await api.post(`/admin/order-edits/${placed.orderId}/request`, {}, headers)).status).toBe(200)
      expect((await api.post(`/admin/order-edits/${placed.orderId}/confirm`, {}, headers)).status).toBe(200)

      await env.sandbox.pay(placed.loanId)
      await env.sandbox.idle()
      const hook = await postWebhook(env, notification(placed.cartId, placed.loanId))

      expect(hook.status).toBe(409)
      expect((await orderState(placed.orderId)).payments).toEqual([])
      // The sandbox's own delivery and this copy: each a failed completion, neither an authorization.
      expect((await rowOf(placed.loanId)).completion_failures).toBe(2)
    })

    it("refunds in full a loan paid after its order was cancelled, and authorizes nothing on the cancelled order", async () => {
      const placed = await placedBeforeFinancing()
      // The cancel of the loan at the service fails, so the shopper can still pay it.
      env.sandbox.setFaults({ cancel: { failNext: 10, errorStatus: 503 } })
      expect((await api.post(`/admin/orders/${placed.orderId}/cancel`, {}, await adminHeaders(api))).status).toBe(200)
      await until(
        async () => env.sandbox.state.requests.filter((r) => r.path === "/api/pos/loan/cancel").length,
        (n) => n > 0,
      )
      env.sandbox.setFaults({})
      await env.sandbox.pay(placed.loanId)

      const hook = await postWebhook(env, notification(placed.cartId, placed.loanId))
      expect(hook.status).toBe(409)
      expect((await orderState(placed.orderId)).payments).toEqual([])

      await reconcile()

      const loan = env.sandbox.state.loans.get(placed.loanId)!
      expect(loan.refunds.map((r) => Number(r.totalAmount))).toEqual([Number(loan.request.totalPrice)])
      expect(await rowOf(placed.loanId)).toMatchObject({ state: "refunded" })
      expect((await orderState(placed.orderId)).payments).toEqual([])
    })

    it("tells the storefront, in the session's data, to complete the cart before the redirect", async () => {
      const cart = await shop.cart()
      const session = await shop.bnplSession(cart.id)
      expect(session.data).toMatchObject({ order_before_financing: true })
    })
  },
})
