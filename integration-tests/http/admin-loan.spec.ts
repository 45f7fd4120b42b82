import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { BNPL_LEDGER_MODULE, type BnplLedgerService } from "../../src/modules/bnpl"
import type { LedgerLoan } from "../../src/modules/bnpl/types"
import { MERCHANT, useSandbox } from "../helpers/environment"
import { adminHeaders, useStorefront } from "../helpers/store"

jest.setTimeout(90_000)

const env = useSandbox()

const statusQueries = (cartId: string) => env.sandbox.state.requests.filter((r) => r.method === "GET" && r.path === `/api/pos/loan/${cartId}`)

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const shop = useStorefront(env, api, getContainer)

    /** A cart paid in installments and completed into an order. */
    async function bnplOrder() {
      const cart = await shop.cart()
      const session = await shop.bnplSession(cart.id)
      await env.sandbox.pay(session.data.loan_id)
      const completed = await shop.complete(cart.id)
      expect(completed.data.type).toBe("order")
      return { cart, orderId: completed.data.order.id as string, loanId: session.data.loan_id }
    }

    const getLoan = async (orderId: string) => api.get(`/admin/bnpl/orders/${orderId}/loan`, await adminHeaders(api))

    const ledger = () => getContainer().resolve<BnplLedgerService>(BNPL_LEDGER_MODULE)

    /** The ledger's row the plugin wrote for the order's loan; none is a failure, never made up here. */
    async function ledgerRowOf(order: { orderId: string; loanId: number; cart: { id: string } }): Promise<LedgerLoan> {
      const [written] = await ledger().listBnplLoans({ loan_id: order.loanId })
      expect(written).toMatchObject({ loan_id: order.loanId, service_cart_id: order.cart.id })
      return written
    }

    /** What the route answers for a row: its fields, dates as ISO strings. */
    const asJson = (row: LedgerLoan) =>
      expect.objectContaining({
        id: row.id,
        loan_id: row.loan_id,
        service_cart_id: row.service_cart_id,
        order_id: row.order_id,
        state: row.state,
        attention_reason: row.attention_reason,
        refunded_at_service: row.refunded_at_service,
        refunded_in_medusa: row.refunded_in_medusa,
        created_at: new Date(row.created_at).toISOString(),
      })

    it("answers 401 without an admin session", async () => {
      const response = await api.get("/admin/bnpl/orders/order_anything/loan", { validateStatus: () => true })
      expect(response.status).toBe(401)
    })

    it("answers the order's live loan first, flagged, with the customer, among the cart's other loans", async () => {
      const cart = await shop.cart()
      const abandoned = await shop.bnplSession(cart.id)
      await shop.addItem(cart.id, 1, 1) // the total changes: the first loan is cancelled, a second one is made
      const session = await shop.bnplSession(cart.id)
      await env.sandbox.pay(session.data.loan_id)
      const completed = await shop.complete(cart.id)
      const orderId: string = completed.data.order.id

      const response = await getLoan(orderId)

      expect(response.status).toBe(200)
      const body = response.data
      expect(body).toEqual(expect.objectContaining({ order_id: orderId, service_cart_id: cart.id, loan_id: session.data.loan_id, refunds: [] }))
      expect(body.loan).toEqual(expect.objectContaining({ loanId: session.data.loan_id, status: "OUTSTANDING", totalAmount: session.data.amount }))
      expect(body.loan.customer).toEqual(
        expect.objectContaining({ firstName: "Ana", lastName: "García", email: "cliente@example.com", phone: "3312345678" }),
      )
      // The service lists loans oldest first; the route puts the order's own loan first.
      expect(body.loans.map((l: { loanId: number; status: string; is_order_loan: boolean }) => [l.loanId, l.status, l.is_order_loan])).toEqual([
        [session.data.loan_id, "OUTSTANDING", true],
        [abandoned.data.loan_id, "CANCELLED", false],
      ])
      expect(statusQueries(cart.id).length).toBeGreaterThanOrEqual(1)
    })

    it("shows a refund made through Medusa's admin in the refund history", async () => {
      const { orderId, loanId } = await bnplOrder()
      const admin = await adminHeaders(api)
      const order = await api.get(`/admin/orders/${orderId}?fields=*payment_collections.payments`, admin)
      const payment = order.data.order.payment_collections[0].payments[0]
      expect((await api.post(`/admin/payments/${payment.id}/capture`, {}, admin)).status).toBe(200)
      expect((await api.post(`/admin/payments/${payment.id}/refund`, { amount: 100 }, admin)).status).toBe(200)

      const response = await getLoan(orderId)

      expect(response.status).toBe(200)
      // The history as documented: no amount, no refund id.
      expect(response.data.refunds).toEqual([
        { cartId: expect.any(String), status: expect.stringMatching(/^(REQUESTED|REFUNDED)$/), refundDate: expect.any(String) },
      ])
      expect(env.sandbox.state.loans.get(loanId)!.refunds.map((r) => r.totalAmount)).toEqual(["100.00"])
      expect(response.data.loan.loanId).toBe(loanId)
    })

    it("reads and refunds a loan whose payment an earlier version stored with its cartId as cart_id", async () => {
      const { cart, orderId, loanId } = await bnplOrder()
      // What Medusa keeps of a loan paid before the upgrade: the provider's data as it wrote it then.
      const db = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      for (const table of ["payment", "payment_session"]) {
        await db.raw(
          `UPDATE ${table} SET data = (data - 'service_cart_id') || jsonb_build_object('cart_id', data->'service_cart_id') WHERE data->>'service_cart_id' = ?`,
          [cart.id],
        )
      }
      const admin = await adminHeaders(api)
      const order = await api.get(`/admin/orders/${orderId}?fields=*payment_collections.payments`, admin)
      const payment = order.data.order.payment_collections[0].payments[0]
      expect(payment.data).toEqual(expect.objectContaining({ cart_id: cart.id, loan_id: loanId }))
      expect(payment.data.service_cart_id).toBeUndefined()

      const response = await getLoan(orderId)
      expect(response.status).toBe(200)
      expect(response.data).toEqual(expect.objectContaining({ order_id: orderId, service_cart_id: cart.id, loan_id: loanId }))

      expect((await api.post(`/admin/payments/${payment.id}/capture`, {}, admin)).status).toBe(200)
      expect((await api.post(`/admin/payments/${payment.id}/refund`, { amount: 100 }, admin)).status).toBe(200)
      expect(env.sandbox.state.loans.get(loanId)!.refunds.map((r) => r.totalAmount)).toEqual(["100.00"])
    })

    it("answers the ledger's row of the order's loan beside the live loan", async () => {
      const order = await bnplOrder()
      const row = await ledgerRowOf(order)

      const response = await getLoan(order.orderId)

      expect(response.status).toBe(200)
      expect(response.data.ledger).toEqual(asJson(row))
      expect(response.data.loan.loanId).toBe(order.loanId)
    })

    it("answers the row whose order is this order before the row its payment names", async () => {
      const order = await bnplOrder()
      await ledgerRowOf(order)
      // A paid loan that became this order while the payment names another (case 1 of the ledger's rule).
      const holder = await ledger().createBnplLoans({
        loan_id: 900020,
        service_cart_id: order.cart.id,
        order_id: order.orderId,
        amount: "1500.00",
        currency_code: "mxn",
        loan_status: "OUTSTANDING",
        state: "ordered",
      })
      await ledger().updateBnplLoans({ id: (await ledgerRowOf(order)).id, order_id: null })

      const response = await getLoan(order.orderId)

      expect(response.status).toBe(200)
      expect(response.data.ledger).toEqual(asJson(holder))
    })

    it("answers 404 for an order paid with another provider, without asking the service", async () => {
      const cart = await shop.cart()
      expect((await shop.startSession(cart.id, "pp_system_default")).status).toBe(200)
      const completed = await shop.complete(cart.id)
      expect(completed.data.type).toBe("order")

      const response = await getLoan(completed.data.order.id)

      expect(response.status).toBe(404)
      expect(response.data.message).toContain("was not paid in installments")
      expect(statusQueries(cart.id)).toHaveLength(0)
    })

    it("answers 404 for an unknown order", async () => {
      const response = await getLoan("order_01DOESNOTEXIST")
      expect(response.status).toBe(404)
      expect(response.data.message).toContain("order_01DOESNOTEXIST was not found")
    })

    it("answers 502 with a plain message and no secret when the status query fails, and recovers", async () => {
      const order = await bnplOrder()
      const { cart, orderId } = order
      const row = await ledgerRowOf(order)
      env.sandbox.setFaults({ status: { errorRate: 1 } })

      const failed = await getLoan(orderId)

      expect(failed.status).toBe(502)
      expect(failed.data.type).toBe("bnpl_service_error")
      expect(failed.data.message).toContain("answered HTTP 500")
      expect(JSON.stringify(failed.data)).not.toContain(MERCHANT.apiToken)
      // The ledger lives in Medusa's database: the widget still shows it while the service is down.
      expect(failed.data.ledger).toEqual(asJson(row))
      expect(statusQueries(cart.id).length).toBeGreaterThanOrEqual(1)

      env.sandbox.setFaults({})
      const recovered = await getLoan(orderId)
      expect(recovered.status).toBe(200)
      expect(recovered.data.loan.status).toBe("OUTSTANDING")
    })
  },
})
