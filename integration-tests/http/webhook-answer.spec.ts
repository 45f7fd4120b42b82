import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import { setTimeout as sleep } from "node:timers/promises"
import { useSandbox } from "../helpers/environment"
import { expectUnchanged as unchanged, notification, paidCart as paid, postWebhook as post, recordedDeliveries } from "../helpers/webhook"
import { ordersOfCart, useStorefront } from "../helpers/store"

jest.setTimeout(90_000)

/**
 * What the service waits for on a sale day: the plugin's deadline for a verdict (here 300 ms; 500
 * by default) and its limit of confirmations at once (here 2; 16 by default). Every other spec
 * waits for the verdict (helpers/environment.ts).
 */
const env = useSandbox({}, { BNPL_WEBHOOK_ANSWER_MS: "300", BNPL_WEBHOOK_CONCURRENCY: "2" })

/**
 * Carts whose next completion meets an outage (a lock Medusa waited for too long, a database that
 * did not answer): a plain error, no verdict on the cart, once per entry.
 */
const outages = new Map<string, number>()
completeCartWorkflow.hooks.validate(({ cart }) => {
  const left = outages.get(cart.id) ?? 0
  if (left === 0) return
  outages.set(cart.id, left - 1)
  throw new Error("Timed-out acquiring lock.")
})

/** The status query's delay at the service: longer than the deadline. */
const SLOW_STATUS_MS = 1_500

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const shop = useStorefront(env, api, getContainer)
    const postWebhook = (body: unknown) => post(env, body)
    const statusQueries = (cartId: string) => env.sandbox.state.requests.filter((r) => r.method === "GET" && r.path === `/api/pos/loan/${cartId}`)

    /** A loan's deliveries, once `count` are recorded (each once its verdict is known). */
    const deliveries = async (loanId: number, count: number) => (await recordedDeliveries(api, `?loan_id=${loanId}`, count, 100)).deliveries

    async function untilOrdered(cartId: string): Promise<void> {
      for (let attempt = 0; (await ordersOfCart(getContainer(), cartId)).length === 0; attempt++) {
        if (attempt === 300) throw new Error(`cart ${cartId} never became an order`)
        await sleep(100)
      }
    }

    afterEach(() => env.sandbox.setFaults({}))

    it("answers 200 when the verdict takes longer than the deadline, and the confirmation goes on to the order", async () => {
      const { cartId, loanId } = await paid(env, shop)
      env.sandbox.setFaults({ status: { latencyMs: SLOW_STATUS_MS } })

      const answer = await postWebhook(notification(cartId, loanId))
      expect([answer.status, answer.data]).toEqual([200, { received: true }])
      // Answered while the service was still being asked: no answer to the status query yet, no order.
      const [query] = statusQueries(cartId)
      expect(query?.status).toBeNull()
      expect(await ordersOfCart(getContainer(), cartId)).toHaveLength(0)

      await untilOrdered(cartId)
      expect(await ordersOfCart(getContainer(), cartId)).toHaveLength(1)
      expect((await deliveries(loanId, 1)).map((d) => [d.http_status, d.outcome])).toEqual([[200, "authorized"]])
    })

    it("tries a received loan's completion again when it failed with no verdict on the cart: the service sends no second webhook", async () => {
      const { cartId, loanId } = await paid(env, shop)
      outages.set(cartId, 1)
      env.sandbox.setFaults({ status: { latencyMs: SLOW_STATUS_MS } })

      const answer = await postWebhook(notification(cartId, loanId))
      expect([answer.status, answer.data]).toEqual([200, { received: true }])
      await untilOrdered(cartId)
      expect(outages.get(cartId)).toBe(0)
      expect(await ordersOfCart(getContainer(), cartId)).toHaveLength(1)
      // One delivery, recorded with the second try's outcome; two status queries, one per try.
      expect((await deliveries(loanId, 1)).map((d) => [d.http_status, d.outcome])).toEqual([[200, "authorized"]])
      expect(env.sandbox.state.webhooks.filter((w) => w.loanId === loanId)).toHaveLength(1)
      expect(statusQueries(cartId)).toHaveLength(2)
    })

    it("answers at once a webhook beyond the loans being confirmed, and confirms its loan in turn", async () => {
      const busy = [await paid(env, shop), await paid(env, shop)]
      const waiting = await paid(env, shop)
      const unpaidCart = await shop.cart()
      const unpaid = await shop.bnplSession(unpaidCart.id)
      env.sandbox.setFaults({ status: { latencyMs: SLOW_STATUS_MS } })

      const holding = busy.map(({ cartId, loanId }) => postWebhook(notification(cartId, loanId)))
      // Both places are taken once both status queries are at the service.
      for (let attempt = 0; busy.some(({ cartId }) => statusQueries(cartId).length === 0); attempt++) {
        if (attempt === 200) throw new Error("the two confirmations never queried the service")
        await sleep(10)
      }

      const answers = await Promise.all([
        postWebhook(notification(waiting.cartId, waiting.loanId)),
        postWebhook(notification(waiting.cartId, waiting.loanId)),
        postWebhook(notification(unpaidCart.id, unpaid.data.loan_id)),
      ])
      expect(answers.map((a) => [a.status, a.data])).toEqual(Array(3).fill([200, { received: true }]))
      // Answered before the service was asked about the loan.
      expect(statusQueries(waiting.cartId)).toHaveLength(0)
      expect(await ordersOfCart(getContainer(), waiting.cartId)).toHaveLength(0)

      expect((await Promise.all(holding)).map((r) => r.status)).toEqual([200, 200])
      await untilOrdered(waiting.cartId)
      expect(await ordersOfCart(getContainer(), waiting.cartId)).toHaveLength(1)
      // The copy shared the first's turn: one confirmation, one status query.
      expect(statusQueries(waiting.cartId)).toHaveLength(1)

      // The unpaid loan's notification was received, and its record says what the status query showed.
      expect((await deliveries(unpaid.data.loan_id, 1)).map((d) => [d.http_status, d.outcome])).toEqual([[200, "not_paid"]])
      await unchanged(getContainer(), unpaidCart.id)
      expect((await deliveries(waiting.loanId, 2)).map((d) => [d.http_status, d.outcome])).toEqual([
        [200, "authorized"],
        [200, "authorized"],
      ])
      for (const { cartId } of busy) await untilOrdered(cartId)
    })
  },
})
