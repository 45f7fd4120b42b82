import axios, { type AxiosInstance } from "axios"
import { setTimeout as sleep } from "node:timers/promises"
import type { WebhookDeliveryListResponse } from "../../src/api/admin/bnpl/webhook-deliveries/delivery-view"
import type { MedusaContainer } from "@medusajs/framework/types"
import { MERCHANT, type TestEnvironment } from "./environment"
import { Storefront, adminHeaders, ordersOfCart, sessionsOfCart } from "./store"

export const notification = (cartId: string, loanId: number) => ({
  status: "Activo",
  loanId,
  cartId,
  merchantId: MERCHANT.merchantId,
})

/** POSTs a webhook as anybody could: any body (a string is sent as is), any headers. */
export function postWebhook(env: TestEnvironment, body: unknown, headers: Record<string, string> = {}, path = "/hooks/bnpl") {
  return axios.post(`${env.backendUrl}${path}`, body, {
    headers: { "content-type": "application/json", ...headers },
    validateStatus: () => true,
    transformRequest: (data) => (typeof data === "string" ? data : JSON.stringify(data)),
  })
}

/** A cart whose loan is paid at the sandbox, but whose webhook was dropped on the way. */
export async function paidCart(env: TestEnvironment, shop: Storefront) {
  const cart = await shop.cart()
  const session = await shop.bnplSession(cart.id)
  env.sandbox.setFaults({ webhook: { dropRate: 1 } })
  await env.sandbox.pay(session.data.loan_id)
  env.sandbox.setFaults({})
  return { cartId: cart.id, loanId: session.data.loan_id, sessionId: session.id }
}

/** A rejected request must leave no trace: no order, and the session still pending. */
export async function expectUnchanged(container: MedusaContainer, cartId: string) {
  expect(await ordersOfCart(container, cartId)).toHaveLength(0)
  const sessions = await sessionsOfCart(container, cartId)
  expect(sessions.map((s) => s.status)).toEqual(["pending"])
}

/** Deliveries are recorded once their answer is sent (and their verdict known): waits until `count` are, polling `attempts` times 100 ms apart. */
export async function recordedDeliveries(api: AxiosInstance, query: string, count: number, attempts = 40): Promise<WebhookDeliveryListResponse> {
  const headers = await adminHeaders(api)
  for (let attempt = 0; ; attempt++) {
    const response = await api.get(`/admin/bnpl/webhook-deliveries${query}`, headers)
    expect(response.status).toBe(200)
    if (response.data.count >= count || attempt === attempts) return response.data
    await sleep(100)
  }
}
