import { instrumentHttpLayer, instrumentWorkflows } from "@medusajs/medusa"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { tracing } from "@medusajs/framework/opentelemetry/sdk-node"
import { attributeValues, type MetricPoint, registerInMemoryOtel } from "../helpers/otel"
import { MERCHANT, WEBHOOK_TOKEN, useSandbox } from "../helpers/environment"
import { ADMIN, adminHeaders, ordersOfCart, useStorefront } from "../helpers/store"
import { paidCart } from "../helpers/webhook"
import { reconciled } from "../helpers/reconcile"

jest.setTimeout(120_000)

// What a store's instrumentation.ts does, before Medusa boots: an SDK (in memory here), and
// Medusa's own spans for its routes and workflows, which the plugin's must hang under.
const otel = registerInMemoryOtel()
instrumentHttpLayer()
instrumentWorkflows()
afterAll(() => otel.shutdown())

const env = useSandbox(
  { webhook: { auth: "bearer", token: WEBHOOK_TOKEN } },
  { BNPL_WEBHOOK_AUTH: "bearer", BNPL_WEBHOOK_TOKEN: WEBHOOK_TOKEN, BNPL_RECONCILE_GRACE_SECONDS: "0" },
)

type Span = tracing.ReadableSpan
const PLUGIN = "medusa-payment-bnpl"

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const shop = useStorefront(env, api, getContainer)

    const spans = () => otel.spans()
    const named = (name: string) => spans().filter((span) => span.name === name)
    const byId = () => new Map(spans().map((span) => [span.spanContext().spanId, span]))
    /** The span's parents, nearest first, as far as the exporter has them. */
    const ancestors = (span: Span): Span[] => {
      const all = byId()
      const chain: Span[] = []
      for (let parent = all.get(span.parentSpanContext?.spanId ?? ""); parent; parent = all.get(parent.parentSpanContext?.spanId ?? "")) {
        chain.push(parent)
      }
      return chain
    }
    const points = (all: MetricPoint[], name: string) => all.filter((point) => point.name === name)

    it("traces a checkout, its webhook, a refund and a reconciliation, and counts them, with no secret in any attribute", async () => {
      // A checkout: the loan is made, paid, and its webhook gives the order.
      const cart = await shop.cart()
      const session = await shop.bnplSession(cart.id)
      const loanId = session.data.loan_id
      await env.sandbox.pay(loanId)
      const [order] = await ordersOfCart(getContainer(), cart.id)
      expect(order).toBeDefined()

      // A refund from Medusa's admin, which the plugin books and sends.
      const admin = await adminHeaders(api)
      const { data } = await api.get(`/admin/orders/${order.order_id}?fields=*payment_collections.payments`, admin)
      const payment = data.order.payment_collections[0].payments[0]
      expect((await api.post(`/admin/payments/${payment.id}/capture`, {}, admin)).status).toBe(200)
      expect((await api.post(`/admin/payments/${payment.id}/refund`, { amount: 100 }, admin)).status).toBe(200)

      // A paid loan whose webhook was dropped: reconciliation makes its order.
      const dropped = await paidCart(env, shop)
      expect(await reconciled(api, admin)).toMatchObject({ authorized: 1 })

      // A refund of that order whose reply is lost: unclear, and the next one on the loan is held.
      const [second] = await ordersOfCart(getContainer(), dropped.cartId)
      const paymentOf = async (orderId: string) =>
        (await api.get(`/admin/orders/${orderId}?fields=*payment_collections.payments`, admin)).data.order.payment_collections[0].payments[0]
      const secondPayment = await paymentOf(second.order_id)
      expect((await api.post(`/admin/payments/${secondPayment.id}/capture`, {}, admin)).status).toBe(200)
      env.sandbox.setFaults({ refund: { applyThenFailNext: 1 } })
      expect((await api.post(`/admin/payments/${secondPayment.id}/refund`, { amount: 50 }, admin)).status).toBe(400)
      env.sandbox.setFaults({})
      expect((await api.post(`/admin/payments/${secondPayment.id}/refund`, { amount: 50 }, admin)).status).toBe(400)

      // Requests to the service: one client span per request, named by method and path template.
      const creation = named("POST /loan").find((span) => span.attributes["bnpl.cart_id"] === cart.id)
      expect(creation?.attributes).toMatchObject({
        "bnpl.operation": "create loan",
        "bnpl.loan.id": loanId,
        "bnpl.holder.kind": "cart",
        "bnpl.holder.id": cart.id,
        "http.request.method": "POST",
        "http.response.status_code": 200,
        "url.template": "/loan",
        "server.address": "localhost",
      })
      expect(creation!.instrumentationScope.name).toBe(PLUGIN)
      // Under Medusa's spans of the session's route and workflow.
      expect(ancestors(creation!).map((span) => span.instrumentationScope.name)).toEqual(expect.arrayContaining(["@medusajs/http"]))

      // The webhook: its span under Medusa's route span, the confirmation inside it, the status query inside that.
      const [webhook] = named("bnpl.webhook")
      expect(webhook.attributes).toEqual({
        "bnpl.webhook.authentication": "accepted",
        "bnpl.webhook.verdict": "authorized",
        "http.response.status_code": 200,
        "bnpl.loan.id": loanId,
        "bnpl.cart_id": cart.id,
        "bnpl.order.id": order.order_id,
      })
      expect(ancestors(webhook)[0]?.instrumentationScope.name).toBe("@medusajs/http")
      const confirmation = named("bnpl.confirmation").find((span) => span.attributes["bnpl.loan.id"] === loanId)
      expect(confirmation?.attributes).toEqual({
        "bnpl.loan.id": loanId,
        "bnpl.holder.kind": "cart",
        "bnpl.holder.id": cart.id,
        "bnpl.confirmation.outcome": "authorized",
        "bnpl.order.id": order.order_id,
      })
      expect(ancestors(confirmation!)).toContain(webhook)
      const statusQuery = named("GET /api/pos/loan/{cartId}").find((span) => ancestors(span).includes(confirmation!))
      expect(statusQuery?.attributes).toMatchObject({
        "bnpl.operation": "status query",
        "bnpl.loan.id": loanId,
        "bnpl.holder.kind": "cart",
        "bnpl.holder.id": cart.id,
        "http.response.status_code": 200,
      })
      // Medusa's workflow spans sit between them: the confirmation's steps.
      expect(ancestors(statusQuery!).some((span) => span.name.startsWith("step:") || span.name.startsWith("workflow:"))).toBe(true)

      // The refund: booked, sent, accepted, with the service's request under it.
      const refund = named("bnpl.refund").find((span) => span.attributes["bnpl.refund.outcome"] === "accepted")!
      expect(refund.attributes).toEqual({
        "bnpl.loan.id": loanId,
        "bnpl.cart_id": cart.id,
        "bnpl.refund.booked": true,
        "bnpl.refund.sent": true,
        "bnpl.refund.outcome": "accepted",
      })
      expect(named("POST /api/pos/loan/refund").filter((span) => ancestors(span).includes(refund))).toHaveLength(1)
      // The lost reply: booked, sent, unclear, its request marked by what went wrong; the next one held, never sent.
      const others = named("bnpl.refund").filter((span) => span !== refund)
      expect(others.map((span) => span.attributes)).toEqual([
        expect.objectContaining({
          "bnpl.loan.id": dropped.loanId,
          "bnpl.refund.booked": true,
          "bnpl.refund.sent": true,
          "bnpl.refund.outcome": "unknown",
        }),
        expect.objectContaining({
          "bnpl.loan.id": dropped.loanId,
          "bnpl.refund.booked": false,
          "bnpl.refund.sent": false,
          "bnpl.refund.outcome": "held",
        }),
      ])
      const [lost] = named("POST /api/pos/loan/refund").filter((span) => ancestors(span).includes(others[0]))
      expect(lost.attributes).toMatchObject({ "error.type": "network", "bnpl.loan.id": dropped.loanId })

      // The reconciliation run: its counts, and the confirmation of the dropped webhook's loan under it.
      const [run] = named("bnpl.reconciliation")
      expect(run.attributes).toMatchObject({
        "bnpl.reconciliation.trigger": "admin",
        "bnpl.reconciliation.checked": expect.any(Number),
        "bnpl.reconciliation.authorized": 1,
        "bnpl.reconciliation.failed": 0,
        // What needed the admin as it ended: nothing yet (the unclear refund came after it).
        "bnpl.reconciliation.watched.attention": 0,
        "bnpl.reconciliation.watched.unclear_refunds": 0,
      })
      const reconciledConfirmation = named("bnpl.confirmation").find((span) => span.attributes["bnpl.loan.id"] === dropped.loanId)
      expect(reconciledConfirmation?.attributes["bnpl.confirmation.outcome"]).toBe("authorized")
      expect(ancestors(reconciledConfirmation!)).toContain(run)

      const metrics = await otel.collect()
      const web = { "bnpl.loan.channel": "web" }
      expect(points(metrics, "bnpl.loans.created")).toEqual([expect.objectContaining({ unit: "{loan}", attributes: web, value: 2 })])
      expect(points(metrics, "bnpl.loans.paid")).toEqual([expect.objectContaining({ attributes: web, value: 2 })])
      expect(points(metrics, "bnpl.loan.order.delay")).toEqual([
        expect.objectContaining({ unit: "s", attributes: web, value: expect.objectContaining({ count: 2 }) }),
      ])
      expect(points(metrics, "bnpl.webhook.deliveries")).toContainEqual(
        expect.objectContaining({ attributes: { "bnpl.webhook.outcome": "authorized", "http.response.status_code": 200 }, value: 1 }),
      )
      expect(points(metrics, "bnpl.refunds").map((point) => [point.attributes["bnpl.refund.outcome"], point.value])).toEqual(
        expect.arrayContaining([
          ["accepted", 1],
          ["unknown", 1],
          ["held", 1],
        ]),
      )
      expect(points(metrics, "http.client.request.duration")).toContainEqual(
        expect.objectContaining({
          unit: "s",
          attributes: expect.objectContaining({
            "bnpl.operation": "create loan",
            "http.request.method": "POST",
            "http.response.status_code": 200,
            "server.address": "localhost",
          }),
        }),
      )
      expect(points(metrics, "bnpl.reconciliation.duration")).toEqual([
        expect.objectContaining({ unit: "s", attributes: { "bnpl.reconciliation.trigger": "admin", "bnpl.reconciliation.outcome": "done" } }),
      ])
      expect(points(metrics, "bnpl.reconciliation.settled")).toContainEqual(
        expect.objectContaining({ attributes: { "bnpl.reconciliation.outcome": "authorized" }, value: 1 }),
      )
      // The ledger's gauges, read when the reader collects.
      for (const gauge of ["bnpl.loans.attention", "bnpl.loans.awaiting_order"]) {
        expect(points(metrics, gauge)).toEqual([expect.objectContaining({ value: 0 })])
      }
      expect(points(metrics, "bnpl.refunds.unclear")).toEqual([expect.objectContaining({ unit: "{refund}", value: 1 })])
      const [unclearAge] = points(metrics, "bnpl.refunds.unclear.oldest_age")
      expect(unclearAge).toMatchObject({ unit: "s" })
      expect(unclearAge.value).toBeGreaterThan(0)

      // The loans and diagnosis pages' figures read the same from the ledger: today's column.
      const activity = await api.get("/admin/bnpl/activity?days=1", admin)
      expect(activity.status).toBe(200)
      expect(activity.data.activity).toMatchObject({
        days: [new Date().toISOString().slice(0, 10)],
        loans_created: { web: [2], balance: [0], phone: [0] },
        refunds: { accepted: [1], unknown: [1] },
        webhook_deliveries: { authorized: [1] },
        reconciliations: { runs: [1], settled: [1], failed_runs: [0] },
        // Today's column is now: the lost refund's reply left one unclear.
        watched: { attention: [0], unclear_refunds: [1] },
      })
      const today = activity.data.activity
      expect(Object.values(today.loans_by_state as Record<string, number[]>).reduce((sum, [count]) => sum + count, 0)).toBe(2)
      // Paid → order: only the loan whose webhook came counts (reconciliation found the other paid).
      expect(today.paid_to_order.orders).toEqual([1])
      expect(today.paid_to_order.median_seconds[0]).toBeGreaterThanOrEqual(0)
      expect(today.paid_to_order.p95_seconds).toEqual(today.paid_to_order.median_seconds)
      expect((await api.get("/admin/bnpl/activity?days=31", admin)).status).toBe(400)

      // No attribute of any span, Medusa's included, or of any metric holds a secret or the customer's data.
      const loan = env.sandbox.state.loans.get(loanId)!
      const secrets = [
        MERCHANT.apiToken,
        WEBHOOK_TOKEN,
        ADMIN.password,
        admin.headers.authorization.replace("Bearer ", ""),
        session.data.checkout_url,
        "cliente@example.com",
        ...[loan.customer.email, loan.customer.phone].filter((value): value is string => !!value),
      ]
      expect(loan.customer.phone).toBeTruthy()
      const values = attributeValues(spans(), metrics)
      expect(values.length).toBeGreaterThan(100)
      for (const secret of secrets) expect(values.filter((value) => value.includes(secret))).toEqual([])
      // Nor a Bearer token the service issued (JWTs), nor any checkout link.
      expect(values.filter((value) => /eyJ[\w-]+\.[\w-]+|Bearer |\/checkout\//.test(value))).toEqual([])
    })
  },
})
