import { setTimeout } from "node:timers/promises"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { BNPL_LEDGER_MODULE, type BnplLedgerService } from "../../src/modules/bnpl"
import { useSandbox } from "../helpers/environment"
import { reconciled } from "../helpers/reconcile"
import { adminHeaders, ordersOfCart, useStorefront } from "../helpers/store"

jest.setTimeout(120_000)

/**
 * The service answering in every shape its documentation allows, all at once: a refund's reply
 * with a string `refundId` and `refundStatus: REFUNDED`, history dates without a time, fields no
 * document names in every answer, a webhook that comes before the status query shows the payment,
 * and 429s with `Retry-After`. Money ends as it does with the documented examples.
 */
const env = useSandbox(
  {
    // Long enough that the webhook's own status query, on a busy machine, still finds the loan unpaid.
    visibleAfterMs: 3_000,
    answers: { refundId: "string", acceptedRefundStatus: "REFUNDED", historyDate: "date", extraFields: true, webhookBeforeStatus: true },
  },
  { BNPL_RECONCILE_GRACE_SECONDS: "0", BNPL_REFUND_CHECK_HOURS: "0" },
)

/** The status query shows a payment the sandbox's `visibleAfterMs` after it was made. */
const shown = () => setTimeout(3_200)

const serviceRefunds = (loanId: number) => (env.sandbox.state.loans.get(loanId)?.refunds ?? []).map((r) => Number(r.totalAmount))

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const shop = useStorefront(env, api, getContainer)
    const ledger = () => getContainer().resolve<BnplLedgerService>(BNPL_LEDGER_MODULE)
    const rowOf = async (loanId: number) => (await ledger().listBnplLoans({ loan_id: loanId }))[0]

    async function paymentOf(orderId: string) {
      const { data } = await api.get(
        `/admin/orders/${orderId}?fields=id,*payment_collections.payments,*payment_collections.payments.refunds`,
        await adminHeaders(api),
      )
      const payment = data.order.payment_collections[0].payments[0]
      return { id: payment.id as string, refunds: (payment.refunds ?? []).map((r: { amount: number }) => Number(r.amount)) }
    }

    it("a webhook ahead of the status query places no order on its word; the storefront's completion does, once the query shows the payment", async () => {
      const cart = await shop.cart()
      const session = await shop.bnplSession(cart.id)

      await env.sandbox.pay(session.data.loan_id)

      // The webhook came while the status query still said REQUEST: the body is no proof.
      expect(await ordersOfCart(getContainer(), cart.id)).toHaveLength(0)
      await shown()
      const completed = await shop.complete(cart.id)
      expect(completed.data.type).toBe("order")
      expect(await ordersOfCart(getContainer(), cart.id)).toHaveLength(1)
    })

    it("refunds answered REFUNDED with a string id, and a history of dates alone: Medusa records each once, and nothing is taken for a portal refund", async () => {
      const cart = await shop.cart()
      const session = await shop.bnplSession(cart.id)
      await env.sandbox.pay(session.data.loan_id)
      await shown()
      const orderId = (await shop.complete(cart.id)).data.order.id as string
      const admin = await adminHeaders(api)
      const payment = await paymentOf(orderId)
      // The service is rate limiting: each request is turned away once, then answered.
      env.sandbox.setFaults({ status: { rateLimitNext: 1, retryAfterSeconds: 1 }, refund: { rateLimitNext: 1, retryAfterSeconds: 1 } })

      const first = await api.post(`/admin/payments/${payment.id}/refund`, { amount: 100 }, admin)
      const second = await api.post(`/admin/payments/${payment.id}/refund`, { amount: 50.5 }, admin)

      expect([first.status, second.status]).toEqual([200, 200])
      expect(serviceRefunds(session.data.loan_id)).toEqual([100, 50.5])
      expect((await paymentOf(orderId)).refunds.sort((a: number, b: number) => a - b)).toEqual([50.5, 100])
      const book = await ledger().listBnplRefunds({ loan_id: session.data.loan_id })
      expect(book.map((e) => [e.state, e.refund_id?.startsWith("RF-")])).toEqual([
        ["accepted", true],
        ["accepted", true],
      ])
      expect(env.sandbox.state.requests.some((r) => r.status === 429)).toBe(true)

      await env.sandbox.idle()
      await reconciled(api, admin)

      expect(await rowOf(session.data.loan_id)).toMatchObject({ state: "ordered", attention_reason: null })
      expect(book.length).toBe((await ledger().listBnplRefunds({ loan_id: session.data.loan_id })).length)
    })

    it("a portal refund in a history of dates alone is booked on the cart's paid loan, and listed", async () => {
      const cart = await shop.cart()
      const session = await shop.bnplSession(cart.id)
      await env.sandbox.pay(session.data.loan_id)
      await shown()
      await shop.complete(cart.id)
      env.sandbox.refundAtService(cart.id, "75.00", "support refunded shipping")
      await env.sandbox.idle()

      await reconciled(api, await adminHeaders(api))

      const row = await rowOf(session.data.loan_id)
      expect(row.state).toBe("needs_attention")
      expect(row.attention_reason).toContain("outside Medusa")
      const book = await ledger().listBnplRefunds({ loan_id: session.data.loan_id })
      expect(book).toEqual([expect.objectContaining({ kind: "outside", state: "open", refund_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) })])
    })
  },
})
