import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { Modules } from "@medusajs/framework/utils"
import { MERCHANT, WEBHOOK_TOKEN, useSandbox } from "../helpers/environment"
import { expectUnchanged as unchanged, notification, paidCart as paid, postWebhook as postWebhookAs, recordedDeliveries } from "../helpers/webhook"
import { ordersOfCart, sessionsOfCart, useStorefront } from "../helpers/store"

jest.setTimeout(90_000)

const env = useSandbox({ webhook: { auth: "bearer", token: WEBHOOK_TOKEN } }, { BNPL_WEBHOOK_AUTH: "bearer", BNPL_WEBHOOK_TOKEN: WEBHOOK_TOKEN })

const BEARER = { authorization: `Bearer ${WEBHOOK_TOKEN}` }

const postWebhook = (body: unknown, headers: Record<string, string> = BEARER, path?: string) => postWebhookAs(env, body, headers, path)

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConnection }) => {
    const shop = useStorefront(env, api, getContainer)

    const paidCart = () => paid(env, shop)
    const expectUnchanged = (cartId: string) => unchanged(getContainer(), cartId)

    const deliveries = (query: string, count: number) => recordedDeliveries(api, query, count)

    it("a valid webhook sent by the service gives an order", async () => {
      const cart = await shop.cart()
      const session = await shop.bnplSession(cart.id)
      await env.sandbox.pay(session.data.loan_id)

      const [delivery] = env.sandbox.state.webhooks
      expect(delivery.status).toBe(200)
      expect(await ordersOfCart(getContainer(), cart.id)).toHaveLength(1)
      const [authorized] = await sessionsOfCart(getContainer(), cart.id)
      expect(authorized.status).toBe("authorized")
      // One status query decides, and the authorization that follows takes its answer.
      const statusQueries = env.sandbox.state.requests.filter((r) => r.method === "GET" && r.path === `/api/pos/loan/${cart.id}`)
      expect(statusQueries).toHaveLength(1)
    })

    describe("bearer authentication", () => {
      it("accepts the agreed token", async () => {
        const { cartId, loanId } = await paidCart()
        expect((await postWebhook(notification(cartId, loanId))).status).toBe(200)
        expect(await ordersOfCart(getContainer(), cartId)).toHaveLength(1)
      })

      it.each([
        ["a missing token", {}],
        ["a wrong token", { authorization: "Bearer not-the-token" }],
        ["the token as Basic", { authorization: `Basic ${Buffer.from(WEBHOOK_TOKEN).toString("base64")}` }],
      ])("rejects %s with 400, no detail, and changes nothing", async (_name, headers) => {
        const { cartId, loanId } = await paidCart()
        const response = await postWebhook(notification(cartId, loanId), headers as Record<string, string>)
        expect(response.status).toBe(400)
        expect(response.data).toEqual({ message: "Bad request" })
        await expectUnchanged(cartId)
      })
    })

    describe("bodies that are not a notification", () => {
      it.each([
        ["malformed JSON", '{"status":"Activo","loanId":'],
        ["a mistyped loanId", (c: string, l: number) => ({ ...notification(c, l), loanId: String(l) })],
        ["a status other than Activo", (c: string, l: number) => ({ ...notification(c, l), status: "CANCELLED" })],
        ["another merchant", (c: string, l: number) => ({ ...notification(c, l), merchantId: 999 })],
        ["an oversized body", (c: string, l: number) => ({ ...notification(c, l), padding: "x".repeat(10_000) })],
      ])("rejects %s with 400 and changes nothing", async (_name, make) => {
        const { cartId, loanId } = await paidCart()
        const body = typeof make === "function" ? make(cartId, loanId) : make
        const response = await postWebhook(body)
        expect(response.status).toBe(400)
        await expectUnchanged(cartId)
      })
    })

    describe("verification with the status query", () => {
      it("answers 409 for a loan that is not paid, and creates no order", async () => {
        const cart = await shop.cart()
        const session = await shop.bnplSession(cart.id)
        const response = await postWebhook(notification(cart.id, session.data.loan_id))
        expect(response.status).toBe(409)
        await expectUnchanged(cart.id)
      })

      it("answers 409 when the paid amount differs from the session's, and creates no order", async () => {
        const { cartId, loanId } = await paidCart()
        env.sandbox.state.loans.get(loanId)!.request.totalPrice -= 1
        const response = await postWebhook(notification(cartId, loanId))
        expect(response.status).toBe(409)
        await expectUnchanged(cartId)
      })

      it("answers 409 for another cart's loan", async () => {
        const paid = await paidCart()
        const other = await shop.cart()
        await shop.bnplSession(other.id)
        const response = await postWebhook(notification(other.id, paid.loanId))
        expect(response.status).toBe(409)
        await expectUnchanged(other.id)
      })
    })

    describe("exactly one order per paid cart", () => {
      it("for the same webhook 10 times in a row", async () => {
        const { cartId, loanId } = await paidCart()
        const statuses = []
        for (let i = 0; i < 10; i++) statuses.push((await postWebhook(notification(cartId, loanId))).status)
        expect(statuses).toEqual(Array(10).fill(200))
        expect(await ordersOfCart(getContainer(), cartId)).toHaveLength(1)
      })

      it("for the same webhook 10 times concurrently", async () => {
        const { cartId, loanId } = await paidCart()
        const responses = await Promise.all(Array.from({ length: 10 }, () => postWebhook(notification(cartId, loanId))))
        expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200))
        expect(await ordersOfCart(getContainer(), cartId)).toHaveLength(1)
      })

      it("for a webhook racing the storefront's own completion", async () => {
        const { cartId, loanId } = await paidCart()
        const [hook, completion] = await Promise.all([postWebhook(notification(cartId, loanId)), shop.complete(cartId)])
        expect(hook.status).toBe(200)
        expect(completion.data.type).toBe("order")
        expect(await ordersOfCart(getContainer(), cartId)).toHaveLength(1)
      })

      it("for a webhook about a cart that is already completed: 200", async () => {
        const { cartId, loanId } = await paidCart()
        expect((await shop.complete(cartId)).data.type).toBe("order")
        expect((await postWebhook(notification(cartId, loanId))).status).toBe(200)
        expect(await ordersOfCart(getContainer(), cartId)).toHaveLength(1)
      })
    })

    it("answers 5xx while the service is down, and gives the order after a redelivery", async () => {
      const cart = await shop.cart()
      const session = await shop.bnplSession(cart.id)
      env.sandbox.setFaults({ status: { errorRate: 1, errorStatus: 503 } })
      await env.sandbox.pay(session.data.loan_id)
      expect(env.sandbox.state.webhooks[0].status).toBe(503)
      await expectUnchanged(cart.id)

      env.sandbox.setFaults({})
      const redelivery = await env.sandbox.redeliver(session.data.loan_id)
      expect(redelivery.status).toBe(200)
      expect(await ordersOfCart(getContainer(), cart.id)).toHaveLength(1)
    })

    it("Medusa's built-in /hooks/payment/bnpl_bnpl is no back door: it authorizes nothing", async () => {
      const { cartId, loanId } = await paidCart()
      const response = await postWebhook(notification(cartId, loanId), BEARER, "/hooks/payment/bnpl_bnpl")
      expect(response.status).toBe(200) // Medusa answers before looking
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await expectUnchanged(cartId)
    })

    describe("the record of every delivery", () => {
      it("keeps a forged delivery, a valid one and its duplicate, with their outcomes and no secret", async () => {
        const { cartId, loanId } = await paidCart()
        const forged = "Bearer forged-token-0123456789"
        expect((await postWebhook(notification(cartId, loanId), { authorization: forged })).status).toBe(400)
        expect((await postWebhook(notification(cartId, loanId))).status).toBe(200)
        expect((await postWebhook(notification(cartId, loanId))).status).toBe(200)

        const all = await deliveries("", 3)
        expect(all.count).toBe(3)
        expect(all.deliveries.map((d) => [d.auth, d.outcome, d.http_status, d.loan_id])).toEqual([
          ["accepted", "already_authorized", 200, loanId],
          ["accepted", "authorized", 200, loanId],
          ["rejected", "rejected", 400, null],
        ])
        expect(all.deliveries[2].reason).toBe("wrong Bearer token")
        const ofLoan = await deliveries(`?loan_id=${loanId}`, 2)
        expect(ofLoan.deliveries.map((d) => d.outcome)).toEqual(["already_authorized", "authorized"])

        const { rows } = await dbConnection.raw("SELECT * FROM bnpl_webhook_delivery")
        const stored = JSON.stringify(rows)
        expect(rows).toHaveLength(3)
        for (const secret of [WEBHOOK_TOKEN, "forged-token-0123456789", MERCHANT.apiToken]) expect(stored).not.toContain(secret)
      })

      it("the scheduled job deletes deliveries received more than 30 days ago and keeps the rest; the webhook deletes none", async () => {
        const { cartId, loanId } = await paidCart()
        for (let i = 0; i < 4; i++) expect((await postWebhook(notification(cartId, loanId))).status).toBe(200)
        const delivered = await deliveries("", 4)
        const [recent, youngerThan30Days, olderThan30Days, long] = delivered.deliveries.map((d) => d.id)
        // The test's only write: when four real deliveries arrived, moved back in time.
        const received = { [youngerThan30Days]: "29 days 23 hours", [olderThan30Days]: "30 days 1 hour", [long]: "400 days" }
        for (const [id, ago] of Object.entries(received)) {
          await dbConnection.raw(`UPDATE bnpl_webhook_delivery SET received_at = now() - interval '${ago}' WHERE id = ?`, [id])
        }
        // A delivery arriving now leaves old ones to the job.
        expect((await postWebhook(notification(cartId, loanId))).status).toBe(200)
        const beforeJob = await deliveries("", 5)
        expect(beforeJob.count).toBe(5)
        const newest = beforeJob.deliveries[0].id

        // The job as Medusa's scheduler runs it: the workflow Medusa registered from src/jobs.
        await getContainer().resolve(Modules.WORKFLOW_ENGINE).run("job-bnpl-prune-webhook-deliveries", { input: {} })

        const kept = [newest, recent, youngerThan30Days]
        const listed = await deliveries("", 3)
        expect(listed.deliveries.map((d) => d.id)).toEqual(kept)
        const { rows } = await dbConnection.raw("SELECT id FROM bnpl_webhook_delivery ORDER BY received_at DESC")
        expect(rows.map((row: { id: string }) => row.id)).toEqual(kept)
      })
    })
  },
})
