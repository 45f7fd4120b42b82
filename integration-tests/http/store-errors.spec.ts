import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { Modules } from "@medusajs/framework/utils"
import type { AxiosResponse } from "axios"
import { cartLockKey } from "../../src/lib/ledger/locks"
import { useSandbox } from "../helpers/environment"
import { sessionsOfCart, useStorefront } from "../helpers/store"
import { paidCart } from "../helpers/webhook"

jest.setTimeout(120_000)

const env = useSandbox()

/**
 * Store routes answer shoppers, so no error body may carry the operator's advice: the name of
 * a BNPL_ setting, a hint about credentials, the service's own words. Each case makes the
 * service fail in one way and reads what the store API answered.
 */
function expectShopperWording(response: AxiosResponse) {
  expect(response.status).toBeGreaterThanOrEqual(400)
  const body = JSON.stringify(response.data)
  expect(body).not.toMatch(/BNPL_[A-Z_]+/)
  expect(body).not.toMatch(/credential|api[_ ]?token|merchant id/i)
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const shop = useStorefront(env, api, getContainer)

    describe("session creation", () => {
      it("with the service down (every auth answered 500)", async () => {
        env.sandbox.setFaults({ auth: { errorRate: 1 } })
        expectShopperWording(await shop.startSession((await shop.cart()).id))
      })

      it("that failed at the service leaves the cart's lock free and no session: the next attempt makes the loan", async () => {
        const cart = await shop.cart()
        env.sandbox.setFaults({ loan: { errorRate: 1 } })
        expectShopperWording(await shop.startSession(cart.id))
        env.sandbox.setFaults({})

        // The loan request failed inside Medusa's workflow, after the cart's lock was taken.
        const locking = getContainer().resolve(Modules.LOCKING)
        await locking.acquire(cartLockKey(cart.id), { ownerId: "test", expire: 5 })
        await locking.release(cartLockKey(cart.id), { ownerId: "test" })
        expect(await sessionsOfCart(getContainer(), cart.id)).toHaveLength(0)
        expect((await shop.startSession(cart.id)).status).toBe(200)
      })

      it("with the service not answering in time", async () => {
        env.sandbox.setFaults({ loan: { hangRate: 1 } })
        expectShopperWording(await shop.startSession((await shop.cart()).id))
      })

      it("with the service answering garbage", async () => {
        env.sandbox.setFaults({ loan: { malformedRate: 1 } })
        expectShopperWording(await shop.startSession((await shop.cart()).id))
      })

      it("with the service refusing this merchant (not approved)", async () => {
        const [merchant] = env.sandbox.state.merchants
        merchant.approved = false
        try {
          expectShopperWording(await shop.startSession((await shop.cart()).id))
        } finally {
          merchant.approved = true
        }
      })
    })

    describe("cart completion", () => {
      it("of a cart whose loan is not paid yet", async () => {
        const cart = await shop.cart()
        await shop.bnplSession(cart.id)
        expectShopperWording(await shop.complete(cart.id))
      })

      it("while the status query does not answer in time", async () => {
        // Paid, but the webhook was lost: the completion itself must ask the service.
        const { cartId } = await paidCart(env, shop)
        env.sandbox.setFaults({ status: { hangRate: 1 } })
        expectShopperWording(await shop.complete(cartId))
      })

      it("while the service is down", async () => {
        // Paid, but the webhook was lost: the completion itself must ask the service.
        const { cartId } = await paidCart(env, shop)
        env.sandbox.setFaults({ status: { errorRate: 1 }, auth: { errorRate: 1 } })
        expectShopperWording(await shop.complete(cartId))
      })
    })
  },
})
