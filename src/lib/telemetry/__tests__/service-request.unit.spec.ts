import { trace } from "@medusajs/framework/opentelemetry/api"
import { startSandbox, type Sandbox } from "../../../../packages/sandbox"
import { BnplClient } from "../../service/client"
import { instruments } from "../instruments"
import { aboutLoan } from "../loan-context"
import { attributeValues, registerInMemoryOtel, type InMemoryOtel } from "../../../../integration-tests/helpers/otel"

const API_TOKEN = "telemetry-test-api-token-XYZ"

/** The attributes a request's span may carry: never a header, a body or a full URL. */
const ALLOWED = new Set([
  "bnpl.operation",
  "bnpl.cart_id",
  "bnpl.loan.id",
  "bnpl.holder.kind",
  "bnpl.holder.id",
  "http.request.method",
  "http.response.status_code",
  "http.request.resend_count",
  "url.template",
  "server.address",
  "server.port",
  "error.type",
])

describe("requests to the service in OpenTelemetry", () => {
  let sandbox: Sandbox
  let client: BnplClient
  let otel: InMemoryOtel | undefined

  beforeAll(async () => {
    sandbox = await startSandbox({ log: () => {}, merchants: [{ merchantId: 7, apiToken: API_TOKEN, name: "T", approved: true }] })
    client = new BnplClient({ authUrl: sandbox.authUrl, baseUrl: sandbox.baseUrl, apiToken: API_TOKEN, merchantId: 7, timeoutMs: 500, retries: 2 })
  })
  afterAll(async () => {
    await otel?.shutdown()
    await sandbox.close()
  })
  beforeEach(() => {
    sandbox.reset()
    sandbox.setFaults({})
    otel?.reset()
  })

  // First, while no SDK is registered: the API's no-ops, and the client works as ever.
  it("costs nothing without an SDK: no meter, no recording span, and the request is made", async () => {
    expect(instruments().on).toBe(false)
    expect(trace.getTracer("x").startSpan("probe").isRecording()).toBe(false)
    await expect(client.getLoans("cart_off")).resolves.toEqual([])
  })

  describe("with an SDK registered", () => {
    beforeAll(() => {
      otel = registerInMemoryOtel()
    })

    it("makes one client span per request, a root when nothing is active, with the loan the context names", async () => {
      await aboutLoan({ loanId: 41, holder: { type: "order_balance", payment_collection_id: "pay_col_1", service_cart_id: "pay_col_1" } }, () =>
        client.getLoans("pay_col_1"),
      )
      const [span] = otel!.spans()
      expect(span.name).toBe("GET /api/pos/loan/{cartId}")
      expect(span.parentSpanContext).toBeUndefined()
      expect(span.attributes).toEqual({
        "bnpl.operation": "status query",
        "bnpl.cart_id": "pay_col_1",
        "bnpl.loan.id": 41,
        "bnpl.holder.kind": "order_balance",
        "bnpl.holder.id": "pay_col_1",
        "http.request.method": "GET",
        "url.template": "/api/pos/loan/{cartId}",
        "server.address": new URL(sandbox.baseUrl).hostname,
        "server.port": Number(new URL(sandbox.baseUrl).port),
        "http.response.status_code": 200,
      })
    })

    it("hangs under the active span, counts retries, and records one duration point per attempt", async () => {
      sandbox.setFaults({ status: { failNext: 1 } })
      await trace.getTracer("test").startActiveSpan("parent", (active) => client.getLoans("cart_retry").finally(() => active.end()))
      const request = otel!.spans().find((span) => span.name === "GET /api/pos/loan/{cartId}")!
      const active = otel!.spans().find((span) => span.name === "parent" && span.spanContext().spanId === request.parentSpanContext?.spanId)
      expect(active).toBeDefined()
      expect(request.attributes["http.request.resend_count"]).toBe(1)
      const points = (await otel!.collect()).filter(
        (point) => point.name === "http.client.request.duration" && point.attributes["bnpl.operation"] === "status query",
      )
      const statuses = points.map((point) => point.attributes["http.response.status_code"])
      expect(statuses.sort()).toEqual([200, 500])
      expect(points.find((point) => point.attributes["http.response.status_code"] === 500)?.attributes["error.type"]).toBe("500")
    })

    it("names a created loan's id, and carries no token, body or checkout link", async () => {
      const created = await client.createLoan({
        totalPrice: 1000,
        shopId: "shop",
        cartId: "cart_new",
        successUrl: "http://shop.test/ok",
        errorUrl: "http://shop.test/error",
        cartUrl: "http://shop.test/cart",
        webHookUrl: "http://shop.test/hooks/bnpl",
        products: [{ id: "item_1", count: 1, price: 1000, title: "Thing" }],
        buyer: { email: "buyer@example.com", phone: "3312345678" },
      } as Parameters<BnplClient["createLoan"]>[0])
      const spans = otel!.spans()
      expect(spans.map((span) => span.name)).toEqual(expect.arrayContaining(["POST /auth", "POST /loan"]))
      expect(spans.find((span) => span.name === "POST /loan")?.attributes).toMatchObject({
        "bnpl.loan.id": created.loanId,
        "bnpl.cart_id": "cart_new",
      })
      for (const span of spans) expect(Object.keys(span.attributes).filter((key) => !ALLOWED.has(key))).toEqual([])
      const values = attributeValues(spans, await otel!.collect())
      for (const secret of [API_TOKEN, created.url, "buyer@example.com", "3312345678", "http://shop.test"]) {
        expect(values.filter((value) => value.includes(secret))).toEqual([])
      }
    })

    it("marks a failed request with its error type, never its message", async () => {
      sandbox.setFaults({ loan: { failNext: 1 } })
      await expect(client.cancelLoan({ cartId: "cart_x", totalAmount: "10.00", reason: "r" })).rejects.toThrow()
      const span = otel!.spans().find((candidate) => candidate.name === "POST /api/pos/loan/cancel")!
      expect(span.status).toEqual({ code: 2, message: span.attributes["error.type"] })
    })
  })
})
