import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { Modules } from "@medusajs/framework/utils"
import { createStep, createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { BNPL_EVENTS, bnplEventPayloads, type BnplEventName } from "../../src/lib/ledger/events"
import { BNPL_LEDGER_MODULE, type BnplLedgerService } from "../../src/modules/bnpl"
import { SAMPLE_SHIPPING_ADDRESS } from "../../src/scripts/demo-data"
import { cancelAbandonedLoanWorkflow } from "../../src/workflows/cancel-abandoned-loan"
import { refundCheckWorkflow } from "../../src/workflows/refund-check"
import { MERCHANT, useSandbox, WEBHOOK_TOKEN } from "../helpers/environment"
import { adminHeaders, ordersOfCart, useStorefront } from "../helpers/store"
import { notification, paidCart, postWebhook } from "../helpers/webhook"

jest.setTimeout(120_000)

const env = useSandbox()

/** A refund check that a later step of its workflow undoes: its ledger write is compensated. */
const failStep = createStep("test-bnpl-fail-after-refund-check", async () => {
  throw new Error("a step after the refund check failed")
})
const rolledBackRefundCheck = createWorkflow("test-bnpl-rolled-back-refund-check", (input: { ledger_id: string }) => {
  refundCheckWorkflow.runAsStep({ input })
  failStep()
  return new WorkflowResponse(undefined)
})

/** An event as a subscriber received it, with what the database held when it did. */
interface Seen {
  name: BnplEventName
  data: Record<string, unknown>
  /** The ledger row, or the book entry, read inside the subscriber. */
  committed: Record<string, unknown> | undefined
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const shop = useStorefront(env, api, getContainer)
    const ledger = () => getContainer().resolve<BnplLedgerService>(BNPL_LEDGER_MODULE)
    const rowOf = async (loanId: number) => (await ledger().listBnplLoans({ loan_id: loanId }))[0]
    const seen: Seen[] = []

    beforeAll(() => {
      const bus = getContainer().resolve(Modules.EVENT_BUS)
      for (const name of Object.values(BNPL_EVENTS)) {
        bus.subscribe(name, async (event) => {
          const data = event.data as Record<string, unknown>
          const committed =
            "ledger_id" in data
              ? await ledger().findLoan({ id: data.ledger_id as string })
              : (await ledger().listBnplRefunds({ id: data.refund_entry_id as string }))[0]
          seen.push({ name, data, committed: committed as Record<string, unknown> | undefined })
        })
      }
    })
    beforeEach(() => {
      seen.length = 0
    })

    const ofLoan = (name: BnplEventName, loanId: number) => seen.filter((e) => e.name === name && e.data.loan_id === loanId)

    /** The one event of that name for the loan, once a subscriber has it; any second one fails the test. */
    async function one(name: BnplEventName, loanId: number): Promise<Seen> {
      const until = Date.now() + 15_000
      while (!ofLoan(name, loanId).length && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50))
      // Time for a duplicate to arrive.
      await new Promise((resolve) => setTimeout(resolve, 300))
      const events = ofLoan(name, loanId)
      expect(events.map((e) => e.name)).toEqual([name])
      // The documented payload, and nothing else in it.
      bnplEventPayloads[name].parse(events[0].data)
      return events[0]
    }

    async function waitFor(condition: () => Promise<boolean>) {
      const until = Date.now() + 15_000
      while (!(await condition())) {
        if (Date.now() > until) throw new Error("timed out waiting")
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }

    /** What no payload may carry: the customer's data, the merchant's credentials, the webhook's secret. */
    function expectNoSecrets(...more: string[]) {
      const all = JSON.stringify(seen.map((e) => e.data))
      for (const secret of [
        "cliente@example.com",
        SAMPLE_SHIPPING_ADDRESS.first_name,
        SAMPLE_SHIPPING_ADDRESS.last_name,
        SAMPLE_SHIPPING_ADDRESS.address_1,
        SAMPLE_SHIPPING_ADDRESS.phone,
        MERCHANT.apiToken,
        WEBHOOK_TOKEN,
        ...more,
      ]) {
        expect(all).not.toContain(secret)
      }
    }

    it("a loan is created with its session and paid when its order is recorded, each announced once its row says so", async () => {
      const cart = await shop.cart()
      const session = await shop.bnplSession(cart.id)
      const loanId = session.data.loan_id

      const created = await one(BNPL_EVENTS.LOAN_CREATED, loanId)

      const row = await rowOf(loanId)
      expect(created.data).toEqual({
        ledger_id: row.id,
        loan_id: loanId,
        cart_id: cart.id,
        amount: session.data.amount,
        currency_code: "mxn",
        loan_status: "REQUEST",
        payment_session_id: session.id,
      })
      expect(created.committed).toMatchObject({ id: row.id, state: "open" })

      await env.sandbox.pay(loanId)
      const paid = await one(BNPL_EVENTS.LOAN_PAID, loanId)

      const [order] = await ordersOfCart(getContainer(), cart.id)
      expect(paid.data).toMatchObject({ ledger_id: row.id, order_id: order.order_id, amount: session.data.amount, loan_status: "OUTSTANDING" })
      expect(paid.committed).toMatchObject({ state: "ordered", order_id: order.order_id })
      expectNoSecrets(session.data.checkout_url)
    })

    it("a loan refunded in the portal before its order: the refund outside Medusa and the listing, each once it is written", async () => {
      const { cartId, loanId } = await paidCart(env, shop)
      const portal = env.sandbox.refundAtService(cartId, "50.00")
      await env.sandbox.idle() // the refund history lists it a moment later (visibleAfterMs)

      expect((await postWebhook(env, notification(cartId, loanId))).status).toBe(200)

      const outside = await one(BNPL_EVENTS.REFUND_OUTSIDE_MEDUSA, loanId)
      expect(outside.data).toEqual({
        refund_entry_id: expect.stringMatching(/^bnplref_/),
        loan_id: loanId,
        cart_id: cartId,
        refund_date: portal.refundDate,
      })
      expect(outside.committed).toMatchObject({ kind: "outside", state: "open", amount: null })
      const listed = await one(BNPL_EVENTS.LOAN_NEEDS_ATTENTION, loanId)
      expect(listed.data).toMatchObject({
        cart_id: cartId,
        order_id: null,
        suspect_order_id: null,
        reason: expect.stringContaining("outside Medusa"),
      })
      expect(listed.committed).toMatchObject({ state: "needs_attention", attention_reason: listed.data.reason })
      expect(ofLoan(BNPL_EVENTS.LOAN_PAID, loanId)).toEqual([])
      expectNoSecrets()
    })

    it("an abandoned loan the plugin cancels at the service: cancelled, once its row is", async () => {
      const cart = await shop.cart()
      const loanId = (await shop.bnplSession(cart.id)).data.loan_id
      const row = await rowOf(loanId)

      const { result } = await cancelAbandonedLoanWorkflow(getContainer()).run({ input: { ledger_id: row.id } })

      expect(result.cancelled).toBe(true)
      const cancelled = await one(BNPL_EVENTS.LOAN_CANCELLED, loanId)
      expect(cancelled.data).toEqual({
        ledger_id: row.id,
        loan_id: loanId,
        cart_id: cart.id,
        amount: row.amount.toFixed(2),
        currency_code: "mxn",
        loan_status: "CANCELLED",
      })
      expect(cancelled.committed).toMatchObject({ state: "cancelled" })
    })

    it("a refund the service rejects, then accepts: rejected, then requested, each once its book entry says so", async () => {
      const { cartId, loanId } = await paidCart(env, shop)
      const row = await rowOf(loanId)
      const admin = await adminHeaders(api)
      env.sandbox.setFaults({ refund: { rejectNext: 1 } })

      expect((await api.post(`/admin/bnpl/loans/${row.id}/refund`, {}, admin)).status).toBeGreaterThanOrEqual(400)

      const rejected = await one(BNPL_EVENTS.REFUND_REJECTED, loanId)
      expect(rejected.data).toMatchObject({ loan_id: loanId, cart_id: cartId, amount: row.amount.toFixed(2), refund_status: "REJECTED" })
      expect(rejected.committed).toMatchObject({ id: rejected.data.refund_entry_id, state: "rejected" })
      expect(ofLoan(BNPL_EVENTS.REFUND_REQUESTED, loanId)).toEqual([])

      expect((await api.post(`/admin/bnpl/loans/${row.id}/refund`, {}, admin)).status).toBe(200)

      const requested = await one(BNPL_EVENTS.REFUND_REQUESTED, loanId)
      expect(requested.data).toMatchObject({
        loan_id: loanId,
        cart_id: cartId,
        amount: row.amount.toFixed(2),
        refund_id: expect.any(String),
        medusa_refund_id: null,
      })
      expect(requested.committed).toMatchObject({ id: requested.data.refund_entry_id, state: "accepted", amount: row.amount })
      expectNoSecrets()
    })

    it("a rolled-back step announces nothing: its listing is undone and never announced; the book entry it wrote stands and is", async () => {
      const { cartId, loanId } = await paidCart(env, shop)
      expect((await postWebhook(env, notification(cartId, loanId))).status).toBe(200)
      const row = await rowOf(loanId)
      expect(row.state).toBe("ordered")
      env.sandbox.refundAtService(cartId, "10.00")
      await env.sandbox.idle() // the refund history lists it a moment later (visibleAfterMs)

      const { errors } = await rolledBackRefundCheck(getContainer()).run({ input: { ledger_id: row.id }, throwOnError: false })

      expect(errors.map((e) => (e.error as Error).message)).toContain("a step after the refund check failed")
      // The refund check ran (it booked the portal's refund) and its listing was put back.
      await one(BNPL_EVENTS.REFUND_OUTSIDE_MEDUSA, loanId)
      await waitFor(async () => (await rowOf(loanId)).state === "ordered")
      expect(await rowOf(loanId)).toMatchObject({ state: "ordered", attention_reason: null })
      await new Promise((resolve) => setTimeout(resolve, 1000))
      expect(ofLoan(BNPL_EVENTS.LOAN_NEEDS_ATTENTION, loanId)).toEqual([])

      // The same check, not undone, is announced: the silence above was the rollback's.
      await refundCheckWorkflow(getContainer()).run({ input: { ledger_id: row.id } })

      const listed = await one(BNPL_EVENTS.LOAN_NEEDS_ATTENTION, loanId)
      expect(listed.data).toMatchObject({ order_id: row.order_id, reason: expect.stringContaining("outside Medusa") })
      expect(listed.committed).toMatchObject({ state: "needs_attention" })
    })
  },
})
