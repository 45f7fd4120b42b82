import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { Modules } from "@medusajs/framework/utils"
import { setTimeout } from "node:timers/promises"
import { FRESH_MS } from "../../src/api/store/bnpl/recent-loans"
import { useSandbox } from "../helpers/environment"
import { ordersOfCart, useStorefront } from "../helpers/store"

jest.setTimeout(120_000)

/** The store's bounds for these tests (useSandbox's defaults): 1.00 to 50,000.00 MXN. */
const env = useSandbox()

/** mulberry32: a seeded generator, so a failing run can be repeated with its printed seed. */
function random(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * "1234.5" or 1234.5 → 123450, by string arithmetic (the test must not share the route's code);
 * NaN for a number with more than two decimals, which no amount in pesos may have.
 */
const centsOf = (amount: string | number) => {
  const decimal = String(amount)
  if (!/^\d+(\.\d{1,2})?$/.test(decimal)) return NaN
  const [whole, fraction = ""] = decimal.split(".")
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"))
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const shop = useStorefront(env, api, getContainer)
    const get = (path: string, headers: Record<string, string> = {}) =>
      api.get(path, { headers: { "x-publishable-api-key": shop.store.publishableKey, ...headers }, validateStatus: () => true })
    const offer = (query: string, headers?: Record<string, string>) => get(`/store/bnpl/offer?${query}`, headers)
    const cartBnpl = (cartId: string, query = "", headers?: Record<string, string>) => get(`/store/carts/${cartId}/bnpl${query}`, headers)

    describe("GET /store/bnpl/offer", () => {
      it("offers installments at both bounds and refuses a cent outside them, with the reason in Spanish", async () => {
        const answers = await Promise.all(["1.00", "0.99", "50000", "50000.01"].map((amount) => offer(`amount=${amount}&currency_code=mxn`)))
        expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200])
        expect(answers.map((a) => a.data.offer.available)).toEqual([true, false, true, false])
        expect(answers[1].data.offer.reason).toEqual({
          code: "below_minimum",
          message: "El pago a plazos está disponible para compras desde $1.00 MXN.",
        })
        expect(answers[3].data.offer.reason).toEqual({
          code: "above_maximum",
          message: "El pago a plazos está disponible para compras de hasta $50,000.00 MXN.",
        })
        expect(answers[0].data.offer).toMatchObject({
          lang: "es-MX",
          amount: 1,
          plan: { installments: 4, frequency_days: 14, amounts: [0.25, 0.25, 0.25, 0.25] },
        })

        const usd = await offer("amount=500&currency_code=USD")
        expect(usd.data.offer).toMatchObject({ available: false, currency_code: "usd", reason: { code: "currency_not_offered" } })
      })

      it("speaks English with ?lang=en or the browser's Accept-Language, and says it may be cached", async () => {
        const byQuery = await offer("amount=0.5&currency_code=mxn&lang=en", { "accept-language": "es-MX" })
        expect(byQuery.data.offer.reason.message).toBe("Pay in installments is available for purchases of MX$1.00 or more.")
        const byHeader = await offer("amount=0.5&currency_code=mxn", { "accept-language": "en-US,en;q=0.9" })
        expect(byHeader.data.offer.lang).toBe("en")
        expect(byHeader.headers["cache-control"]).toMatch(/^public, max-age=\d+$/)
        expect(byHeader.headers["vary"]).toMatch(/Accept-Language/i)
      })

      it("plans installments that sum exactly to the amount, for many random amounts", async () => {
        const seed = Number(process.env.PLAN_SEED ?? Date.now() % 2 ** 31)
        console.log(`storefront offer: random amounts with seed ${seed} (PLAN_SEED=${seed} repeats them)`)
        const next = random(seed)
        const amounts = Array.from({ length: 300 }, () => {
          const cents = 100 + Math.floor(next() * 4_999_900)
          return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`
        })
        for (let i = 0; i < amounts.length; i += 30) {
          const answers = await Promise.all(amounts.slice(i, i + 30).map((amount) => offer(`amount=${amount}&currency_code=mxn`)))
          answers.forEach((answer, k) => {
            const cents = centsOf(amounts[i + k])
            const plan: number[] = answer.data.offer.plan.amounts.map(centsOf)
            expect({
              amount: amounts[i + k],
              status: answer.status,
              available: answer.data.offer.available,
              total: centsOf(answer.data.offer.amount),
            }).toEqual({
              amount: amounts[i + k],
              status: 200,
              available: true,
              total: cents,
            })
            expect(plan).toHaveLength(4)
            expect(plan.every(Number.isInteger)).toBe(true)
            expect(plan.reduce((sum, part) => sum + part, 0)).toBe(cents)
            expect(plan.slice(0, 3)).toEqual([Math.floor(cents / 4), Math.floor(cents / 4), Math.floor(cents / 4)])
          })
        }
      })

      it("answers 400 naming the field for a bad query, and needs the publishable key", async () => {
        const cases: Array<[string, RegExp]> = [
          ["currency_code=mxn", /amount is required/],
          ["amount=abc&currency_code=mxn", /amount must be a decimal amount/],
          ["amount=-5&currency_code=mxn", /amount must be a decimal amount/],
          ["amount=1e5&currency_code=mxn", /amount must be a decimal amount/],
          ["amount=10&amount=20&currency_code=mxn", /amount/],
          ["amount=10", /currency_code is required/],
          ["amount=10&currency_code=pesos", /currency_code must be a three-letter currency code/],
          ["amount=10&currency_code=mxn&lang=fr", /lang must be es-MX or en/],
        ]
        for (const [query, message] of cases) {
          const answer = await offer(query)
          expect({ query, status: answer.status, type: answer.data.type }).toEqual({ query, status: 400, type: "invalid_data" })
          expect(answer.data.message).toMatch(message)
        }
        const keyless = await api.get("/store/bnpl/offer?amount=10&currency_code=mxn", { validateStatus: () => true })
        expect(keyless.status).toBe(400)
        expect(keyless.data.message).toMatch(/publishable/i)
      })
    })

    describe("GET /store/locales, the starter's language selector", () => {
      // Medusa's starter shows its selector only when this route answers: without it no shopper can choose Spanish.
      it("answers the store's languages, Mexican Spanish and English, and a cart takes the one the shopper picks", async () => {
        const { status, data } = await get("/store/locales")
        expect(status).toBe(200)
        expect(data.locales).toEqual(
          expect.arrayContaining([
            { code: "es-MX", name: "Spanish (Mexico)" },
            { code: "en-US", name: "English (United States)" },
          ]),
        )
        expect(data.locales).toHaveLength(2)

        // What the starter's selector does with a cart open: it writes the language on the cart.
        const cart = await shop.cart()
        const picked = await api.post(
          `/store/carts/${cart.id}`,
          { locale: "es-MX" },
          { headers: { "x-publishable-api-key": shop.store.publishableKey }, validateStatus: () => true },
        )
        expect([picked.status, picked.data.cart?.locale]).toEqual([200, "es-MX"])
      })
    })

    describe("GET /store/carts/:id/bnpl", () => {
      it("a cart without a loan: available, with the plan for its total", async () => {
        const cart = await shop.cart({ quantity: 2 })
        const { status, data } = await cartBnpl(cart.id)
        expect(status).toBe(200)
        expect(data.bnpl).toMatchObject({
          cart_id: cart.id,
          available: true,
          reason: null,
          next_step: "pay",
          loan: null,
          loans: [],
          status_known: true,
        })
        expect(data.bnpl.offer.amount).toBe(Number(cart.total))
        expect(data.bnpl.offer.plan.amounts.map(centsOf).reduce((a: number, b: number) => a + b, 0)).toBe(centsOf(data.bnpl.offer.amount))
      })

      it("a cart above the maximum: unavailable, with the reason in the shopper's words", async () => {
        const cart = await shop.cart({ quantity: 6 }) // 6 × 8,999 + shipping > 50,000
        const es = await cartBnpl(cart.id)
        expect(es.data.bnpl).toMatchObject({ available: false, next_step: "choose_another_method", reason: { code: "above_maximum" } })
        expect(es.data.bnpl.reason.message).toBe("El pago a plazos está disponible para compras de hasta $50,000.00 MXN.")
        const en = await cartBnpl(cart.id, "", { "accept-language": "en" })
        expect(en.data.bnpl.reason.message).toBe("Pay in installments is available for purchases of up to MX$50,000.00.")
      })

      it("a pending loan can be resumed; a cancelled one leaves the method open", async () => {
        const cart = await shop.cart()
        const session = await shop.bnplSession(cart.id)
        const pending = await cartBnpl(cart.id)
        expect(pending.data.bnpl).toMatchObject({ available: true, next_step: "pay" })
        expect(pending.data.bnpl.loan).toEqual({
          loan_id: session.data.loan_id,
          status: "pending",
          order_id: null,
          checkout_url: session.data.checkout_url,
        })

        env.sandbox.decline(session.data.loan_id)
        // The route shares the service's answer for a moment (recent-loans.ts); then it asks again.
        await setTimeout(FRESH_MS)
        const cancelled = await cartBnpl(cart.id)
        expect(cancelled.data.bnpl).toMatchObject({ available: true, next_step: "pay", reason: null })
        expect(cancelled.data.bnpl.loan).toEqual({ loan_id: session.data.loan_id, status: "cancelled", order_id: null, checkout_url: null })
      })

      it("a paid loan that is not an order yet: no new loan, complete the cart; then the order", async () => {
        const cart = await shop.cart()
        const session = await shop.bnplSession(cart.id)
        env.sandbox.setFaults({ webhook: { dropRate: 1 } }) // the order must not be placed behind the test's back
        await env.sandbox.pay(session.data.loan_id)

        const paid = await cartBnpl(cart.id, "?lang=en")
        expect(paid.data.bnpl).toMatchObject({ available: false, next_step: "complete_cart", reason: { code: "loan_paid" } })
        expect(paid.data.bnpl.reason.message).toMatch(/already paid the first installment/)
        expect(paid.data.bnpl.loan).toMatchObject({ loan_id: session.data.loan_id, status: "paid", checkout_url: null })
        expect(await ordersOfCart(getContainer(), cart.id)).toHaveLength(0)

        expect((await shop.complete(cart.id)).data.type).toBe("order")
        const ordered = await cartBnpl(cart.id)
        expect(ordered.data.bnpl).toMatchObject({
          available: false,
          next_step: "show_order",
          reason: { code: "cart_completed", message: "Este carrito ya es un pedido." },
        })
        expect(ordered.data.bnpl.loan.status).toBe("paid")
      })

      it("asks the service once for a cart polled many times in a moment, and again afterwards", async () => {
        const cart = await shop.cart()
        await shop.bnplSession(cart.id)
        const statusQueries = () => env.sandbox.state.requests.filter((r) => r.method === "GET" && r.path === `/api/pos/loan/${cart.id}`).length
        const before = statusQueries()

        const answers = await Promise.all(Array.from({ length: 10 }, () => cartBnpl(cart.id)))

        expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200))
        expect(answers.every((answer) => answer.data.bnpl.loan?.status === "pending")).toBe(true)
        expect(statusQueries() - before).toBe(1)
        await setTimeout(FRESH_MS)
        expect((await cartBnpl(cart.id)).status).toBe(200)
        expect(statusQueries() - before).toBe(2)
      })

      it("answers from what the store knows when the service cannot be asked, without its details", async () => {
        const cart = await shop.cart()
        const session = await shop.bnplSession(cart.id)
        env.sandbox.setFaults({ status: { errorRate: 1 } })
        const { status, data } = await cartBnpl(cart.id)
        expect(status).toBe(200)
        expect(data.bnpl).toMatchObject({ status_known: false, available: true, next_step: "pay" })
        expect(data.bnpl.loan).toMatchObject({ loan_id: session.data.loan_id, status: "unknown" })
        expect(JSON.stringify(data)).not.toMatch(/localhost:\d+\/api|HTTP 5\d\d|status query|BNPL_/)
      })

      it("a region that does not offer the method, an unknown cart, and a bad language", async () => {
        const regions = getContainer().resolve(Modules.REGION)
        const [region] = await regions.createRegions([{ name: "Sin plazos", currency_code: "mxn", countries: [] }])
        const created = await api.post("/store/carts", { region_id: region.id }, { headers: { "x-publishable-api-key": shop.store.publishableKey } })
        const other = await cartBnpl(created.data.cart.id, "?lang=en")
        expect(other.data.bnpl).toMatchObject({
          available: false,
          next_step: "choose_another_method",
          reason: { code: "not_in_region", message: "Pay in installments is not available in your region." },
        })

        expect((await cartBnpl("cart_does_not_exist")).status).toBe(404)
        const bad = await cartBnpl(created.data.cart.id, "?lang=xx")
        expect(bad.status).toBe(400)
        expect(bad.data.message).toMatch(/lang must be es-MX or en/)
      })
    })
  },
})
