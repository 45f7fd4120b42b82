import { setTimeout } from "node:timers/promises"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { useSandbox } from "../helpers/environment"
import { useStorefront } from "../helpers/store"

jest.setTimeout(120_000)

/** `orderBeforeFinancing` with `autoCapture`: the paid loan's webhook authorizes the order placed first and captures it. */
const env = useSandbox({}, { BNPL_ORDER_BEFORE_FINANCING: "true", BNPL_AUTO_CAPTURE: "true" })

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const shop = useStorefront(env, api, getContainer)

    async function payments(orderId: string) {
      const { data } = await getContainer()
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({
          entity: "order",
          fields: ["payment_collections.payments.id", "payment_collections.payments.captures.amount"],
          filters: { id: orderId },
        })
      const order = data[0] as { payment_collections: Array<{ payments: Array<{ id: string; captures: Array<{ amount: number }> }> }> }
      return order.payment_collections.flatMap((c) => c.payments ?? [])
    }

    it("captures the order placed before its financing once the loan is paid, once", async () => {
      const cart = await shop.cart()
      const session = await shop.bnplSession(cart.id)
      const completed = await shop.complete(cart.id)
      expect(completed.data.type).toBe("order")
      const orderId = completed.data.order.id as string
      expect(await payments(orderId)).toEqual([])

      await env.sandbox.pay(session.data.loan_id)
      let found = await payments(orderId)
      for (let i = 0; i < 100 && !found.length; i++) {
        await setTimeout(100)
        found = await payments(orderId)
      }

      expect(found).toHaveLength(1)
      expect(found[0].captures.map((c) => Number(c.amount))).toEqual([Number(cart.total)])
      // Medusa's order shows the loan's money received: paid in full, nothing pending.
      const { data } = await getContainer()
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({ entity: "order", fields: ["summary.paid_total", "summary.pending_difference"], filters: { id: orderId } })
      const { summary } = data[0] as { summary: { paid_total: number; pending_difference: number } }
      expect(Number(summary.paid_total)).toBe(Number(cart.total))
      expect(Number(summary.pending_difference)).toBe(0)
    })
  },
})
