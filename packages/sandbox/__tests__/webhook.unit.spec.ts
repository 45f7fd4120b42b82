import jwt from "jsonwebtoken"
import { WebhookClaims, WebhookNotification } from "../wire"
import type { Sandbox, SandboxOptions } from "../index"
import { createLoan, MERCHANT, type Receiver, startQuietSandbox, startReceiver } from "./helpers"

describe("webhook", () => {
  let sandbox: Sandbox | undefined
  let receiver: Receiver | undefined

  afterEach(async () => {
    await sandbox?.close()
    await receiver?.close()
    sandbox = receiver = undefined
  })

  async function payWith(options: SandboxOptions, statuses = [200], delayMs = 0) {
    receiver = await startReceiver(statuses, delayMs)
    sandbox = await startQuietSandbox(options)
    const { loanId } = await createLoan(sandbox, { webHookUrl: receiver.url })
    // What the receiver had when pay() resolved: the payment waits for the first attempt only.
    await sandbox.pay(loanId)
    return { sandbox, receiver, loanId, hitsWhenPaid: receiver.hits.length }
  }

  it("sends the notification body (docs/service-api.md, Webhook) and no Authorization header by default", async () => {
    const { receiver, loanId, sandbox } = await payWith({})
    expect(WebhookNotification.parse(receiver.hits[0].body)).toEqual({ status: "Activo", loanId, cartId: "cart_01", merchantId: 1001 })
    expect(receiver.hits[0].headers.authorization).toBeUndefined()
    expect(receiver.hits[0].headers["content-type"]).toBe("application/json")
    expect(sandbox.state.webhooks).toEqual([
      expect.objectContaining({ loanId, cartId: "cart_01", attempt: 1, url: receiver.url, status: 200, error: null, duplicate: false }),
    ])
  })

  it("basic: sends the whole credential base64-encoded", async () => {
    const { receiver } = await payWith({ webhook: { auth: "basic", token: "medusa:s3cret" } })
    expect(receiver.hits[0].headers.authorization).toBe(`Basic ${Buffer.from("medusa:s3cret").toString("base64")}`)
  })

  it("bearer: sends the static token", async () => {
    const { receiver } = await payWith({ webhook: { auth: "bearer", token: "static-token" } })
    expect(receiver.hits[0].headers.authorization).toBe("Bearer static-token")
  })

  it("jwt: signs HS512 claims loanId, status, cartId and exp with the configured key", async () => {
    const { receiver, loanId } = await payWith({ webhook: { auth: "jwt", token: "jwt-key", jwtTtlSeconds: 120 } })
    const token = String(receiver.hits[0].headers.authorization).replace(/^Bearer /, "")
    const claims = WebhookClaims.parse(jwt.verify(token, "jwt-key", { algorithms: ["HS512"] }))
    expect(claims).toEqual({ loanId, status: "Activo", cartId: "cart_01", exp: expect.any(Number) })
    expect(claims.exp - Date.now() / 1000).toBeGreaterThan(110)
    expect(claims.exp - Date.now() / 1000).toBeLessThanOrEqual(120)
    expect(() => jwt.verify(token, "another-key")).toThrow()
  })

  it("jwt: signs with the merchant's apiToken when no key is configured", async () => {
    const { receiver } = await payWith({ webhook: { auth: "jwt" } })
    const token = String(receiver.hits[0].headers.authorization).replace(/^Bearer /, "")
    expect(() => jwt.verify(token, MERCHANT.apiToken, { algorithms: ["HS512"] })).not.toThrow()
  })

  it("refuses basic or bearer without a token", async () => {
    await expect(startQuietSandbox({ webhook: { auth: "bearer" } })).rejects.toThrow(/webhook.token is required/)
  })

  it("retries a refused webhook with exponential backoff, without holding up the payment", async () => {
    const { receiver, sandbox, hitsWhenPaid } = await payWith({ webhook: { retries: 3, backoffMs: 40 } }, [500, 500, 200])
    expect(hitsWhenPaid).toBe(1)
    await sandbox.idle()
    const gaps = [receiver.hits[1].at - receiver.hits[0].at, receiver.hits[2].at - receiver.hits[1].at]
    expect(gaps[0]).toBeGreaterThanOrEqual(35)
    expect(gaps[1]).toBeGreaterThanOrEqual(75)
    // Idle after the third, delivered attempt: no fourth is coming.
    expect(receiver.hits).toHaveLength(3)
    expect(sandbox.state.webhooks.map((delivery) => [delivery.attempt, delivery.status])).toEqual([
      [1, 500],
      [2, 500],
      [3, 200],
    ])
  })

  it("gives up after `retries` retries", async () => {
    const { receiver, sandbox } = await payWith({ webhook: { retries: 2, backoffMs: 10 } }, [503])
    await sandbox.idle()
    expect(receiver.hits).toHaveLength(3)
    expect(sandbox.state.webhooks.at(-1)).toMatchObject({ attempt: 3, status: 503, response: "refused" })
  })

  it("sends once by default, as the service does: even a refused delivery is not retried", async () => {
    const { receiver, sandbox } = await payWith({ webhook: { backoffMs: 10 } }, [500])
    await sandbox.idle()
    expect(receiver.hits).toHaveLength(1)
  })

  it("records a time-out as an error with no status", async () => {
    const { sandbox } = await payWith({ webhook: { retries: 0, timeoutMs: 50 } }, [200], 300)
    expect(sandbox.state.webhooks[0]).toMatchObject({ status: null, error: "no reply within 50 ms" })
  })

  it("records an unreachable receiver as an error", async () => {
    sandbox = await startQuietSandbox({ webhook: { retries: 0 } })
    const { loanId } = await createLoan(sandbox, { webHookUrl: "http://127.0.0.1:9/closed" })
    await sandbox.pay(loanId)
    expect(sandbox.state.webhooks[0]).toMatchObject({ status: null, error: expect.stringContaining("ECONNREFUSED") })
  })

  it("redeliver sends the webhook again, now, as the next attempt", async () => {
    const { receiver, sandbox, loanId } = await payWith({})
    const delivery = await sandbox.redeliver(loanId)
    expect(delivery).toMatchObject({ loanId, attempt: 2, status: 200 })
    expect(receiver.hits).toHaveLength(2)
    expect(receiver.hits[1].body).toEqual(receiver.hits[0].body)
  })

  it("setWebhook changes the auth of the next deliveries", async () => {
    const { receiver, sandbox, loanId } = await payWith({})
    sandbox.setWebhook({ auth: "bearer", token: "rotated" })
    await sandbox.redeliver(loanId)
    expect(receiver.hits[1].headers.authorization).toBe("Bearer rotated")
    expect(() => sandbox.setWebhook({ retries: -1 })).toThrow()
  })

  it("close() stops pending retries", async () => {
    const { receiver, sandbox } = await payWith({ webhook: { retries: 3, backoffMs: 50 } }, [500])
    await sandbox.close()
    // idle() would wait for a retry still scheduled; after close() there is none.
    await sandbox.idle()
    expect(receiver.hits).toHaveLength(1)
  })
})
