import http from "node:http"
import jwt from "jsonwebtoken"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { type TestEnvironment, WEBHOOK_TOKEN, useSandbox } from "./environment"
import { ordersOfCart, useStorefront } from "./store"
import { expectUnchanged, notification, paidCart, postWebhook } from "./webhook"

type Mode = "basic" | "jwt"

const basic = (credential: string) => `Basic ${Buffer.from(credential).toString("base64")}`
const signed = (claims: object, key = WEBHOOK_TOKEN) => `Bearer ${jwt.sign(claims, key, { algorithm: "HS512", noTimestamp: true })}`
const inFiveMinutes = () => Math.floor(Date.now() / 1000) + 300

/** Good and bad Authorization headers for one mode, for a given cart and loan. */
function headers(mode: Mode, cartId: string, loanId: number) {
  const claims = { loanId, cartId, status: "Activo", exp: inFiveMinutes() }
  if (mode === "basic") {
    return { good: basic(WEBHOOK_TOKEN), wrong: [basic("shop:wrong-password"), `Bearer ${WEBHOOK_TOKEN}`] }
  }
  return {
    good: signed(claims),
    wrong: [
      signed(claims, "another-key-0123456789"),
      signed({ ...claims, loanId: loanId + 1 }),
      signed({ ...claims, cartId: "cart_other" }),
      `Bearer ${jwt.sign(claims, WEBHOOK_TOKEN, { algorithm: "HS256", noTimestamp: true })}`,
    ],
    expired: signed({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }),
  }
}

/**
 * A reverse proxy in front of Medusa, as a store behind one would have: it appends the
 * address it saw to X-Forwarded-For, the way nginx's `$proxy_add_x_forwarded_for` does.
 */
function useForwardingProxy(target: () => string) {
  const proxy = { url: "" }
  let server: http.Server | undefined
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const forwardedFor = [req.headers["x-forwarded-for"], req.socket.remoteAddress].filter(Boolean).join(", ")
      const upstream = http.request(
        `${target()}${req.url}`,
        // A new connection each time: a kept-alive one Medusa closes after 5 s idle can be reset
        // under a request just sent on it (its reply would be this proxy's 502, not Medusa's).
        { method: req.method, headers: { ...req.headers, "x-forwarded-for": forwardedFor }, agent: false },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(res)
        },
      )
      upstream.on("error", () => res.writeHead(502).end())
      req.pipe(upstream)
    })
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve))
    const address = server.address()
    proxy.url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`
  })
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))
  return proxy
}

/**
 * One spec file per authentication mode, because the mode is part of the configuration
 * Medusa boots with. Also checks the IP allow-list (a named range and a CIDR range) behind
 * one trusted proxy: the sandbox's webhooks reach Medusa through a forwarding proxy, and the
 * tests post straight to Medusa with the X-Forwarded-For that proxy would have written.
 */
export function webhookAuthSuite(mode: Mode) {
  const bnplEnv: Record<string, string> = {
    BNPL_WEBHOOK_AUTH: mode,
    BNPL_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
    BNPL_WEBHOOK_ALLOWED_IPS: "loopback,198.51.100.0/24",
    BNPL_TRUST_PROXY_HOPS: "1",
  }
  // Registered before useSandbox's beforeAll, so that the loans' webHookUrl points at the proxy.
  const proxy = useForwardingProxy(() => env.backendUrl)
  beforeAll(() => void (bnplEnv.BNPL_BACKEND_URL = proxy.url))
  const env = useSandbox({ webhook: { auth: mode, token: WEBHOOK_TOKEN } }, bnplEnv)
  const viaProxy = (): TestEnvironment => ({ ...env, backendUrl: proxy.url })

  medusaIntegrationTestRunner({
    testSuite: ({ api, getContainer }) => {
      const shop = useStorefront(env, api, getContainer)

      it(`the sandbox's ${mode} webhook gives an order`, async () => {
        const cart = await shop.cart()
        const session = await shop.bnplSession(cart.id)
        await env.sandbox.pay(session.data.loan_id)
        expect(env.sandbox.state.webhooks[0].status).toBe(200)
        expect(await ordersOfCart(getContainer(), cart.id)).toHaveLength(1)
      })

      it("accepts a good token", async () => {
        const { cartId, loanId } = await paidCart(env, shop)
        const response = await postWebhook(viaProxy(), notification(cartId, loanId), { authorization: headers(mode, cartId, loanId).good })
        expect(response.status).toBe(200)
        expect(await ordersOfCart(getContainer(), cartId)).toHaveLength(1)
      })

      it("rejects a missing token with 400 and changes nothing", async () => {
        const { cartId, loanId } = await paidCart(env, shop)
        expect((await postWebhook(viaProxy(), notification(cartId, loanId))).status).toBe(400)
        await expectUnchanged(getContainer(), cartId)
      })

      it("rejects wrong tokens with 400 and changes nothing", async () => {
        const { cartId, loanId } = await paidCart(env, shop)
        for (const authorization of headers(mode, cartId, loanId).wrong) {
          const response = await postWebhook(viaProxy(), notification(cartId, loanId), { authorization })
          expect(response.status).toBe(400)
          expect(response.data).toEqual({ message: "Bad request" })
        }
        await expectUnchanged(getContainer(), cartId)
      })

      if (mode === "jwt") {
        it("rejects an expired JWT with 400 and changes nothing", async () => {
          const { cartId, loanId } = await paidCart(env, shop)
          const authorization = headers(mode, cartId, loanId).expired!
          expect((await postWebhook(viaProxy(), notification(cartId, loanId), { authorization })).status).toBe(400)
          await expectUnchanged(getContainer(), cartId)
        })
      }

      it("rejects an address outside the allow-list, accepts one inside", async () => {
        const { cartId, loanId } = await paidCart(env, shop)
        const authorization = headers(mode, cartId, loanId).good
        const outside = await postWebhook(env, notification(cartId, loanId), { authorization, "x-forwarded-for": "203.0.113.9" })
        expect(outside.status).toBe(400)
        // A client cannot talk its way in by prepending an allowed address: only the last hop counts.
        const spoofed = await postWebhook(env, notification(cartId, loanId), { authorization, "x-forwarded-for": "198.51.100.7, 203.0.113.9" })
        expect(spoofed.status).toBe(400)
        // Straight to Medusa, bypassing the proxy: fewer X-Forwarded-For entries than trusted hops.
        const bypassed = await postWebhook(env, notification(cartId, loanId), { authorization })
        expect(bypassed.status).toBe(400)
        await expectUnchanged(getContainer(), cartId)

        const inside = await postWebhook(env, notification(cartId, loanId), { authorization, "x-forwarded-for": "198.51.100.7" })
        expect(inside.status).toBe(200)
      })
    },
  })
}
