import type { AxiosInstance } from "axios"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { TestEnvironment } from "./environment"
import { adminHeaders, ordersOfCart, type Storefront } from "./store"
import { until } from "./until"
import { notification, paidCart, postWebhook } from "./webhook"

export interface Collection {
  id: string
  status: string
  amount: number
  payments: Array<{ id: string; data: { loan_id: number; service_cart_id: string }; captured_at: string | null; canceled_at: string | null }>
}

/**
 * An order's balance as a merchant makes one: an order a loan paid, then an item added in the
 * admin (an order edit), and Medusa's payment collection for what is left to pay.
 */
export function useOrderBalance(env: TestEnvironment, api: AxiosInstance, getContainer: () => MedusaContainer, shop: Storefront) {
  const storeHeaders = () => ({ headers: { "x-publishable-api-key": shop.store.publishableKey }, validateStatus: () => true })

  async function collections(orderId: string): Promise<Collection[]> {
    const { data } = await getContainer()
      .resolve(ContainerRegistrationKeys.QUERY)
      .graph({
        entity: "order",
        fields: ["payment_collections.id", "payment_collections.status", "payment_collections.amount", "payment_collections.payments.*"],
        filters: { id: orderId },
      })
    return (data[0] as { payment_collections: Collection[] }).payment_collections
  }

  /** An order a loan paid, its payment captured (as at fulfilment) unless `capture` is false or the store captures by itself. */
  async function paidOrder({ capture = true } = {}) {
    const { cartId, loanId } = await paidCart(env, shop)
    expect((await postWebhook(env, notification(cartId, loanId))).status).toBe(200)
    const [order] = await ordersOfCart(getContainer(), cartId)
    const orderId = order.order_id as string
    const [payment] = (await collections(orderId)).flatMap((c) => c.payments)
    if (capture && !payment.captured_at) {
      expect((await api.post(`/admin/payments/${payment.id}/capture`, {}, await adminHeaders(api))).status).toBe(200)
    }
    return { orderId, loanId }
  }

  /** The merchant adds an item to the order in the admin (an order edit): Medusa asks what is left in a new payment collection. */
  async function balanceOf(orderId: string, variant = 1): Promise<Collection> {
    const headers = await adminHeaders(api)
    expect((await api.post("/admin/order-edits", { order_id: orderId }, headers)).status).toBe(200)
    const items = { items: [{ variant_id: shop.store.variantIds[variant], quantity: 1 }] }
    expect((await api.post(`/admin/order-edits/${orderId}/items`, items, headers)).status).toBe(200)
    expect((await api.post(`/admin/order-edits/${orderId}/request`, {}, headers)).status).toBe(200)
    expect((await api.post(`/admin/order-edits/${orderId}/confirm`, {}, headers)).status).toBe(200)
    const open = (await collections(orderId)).filter((c) => c.status === "not_paid")
    expect(open).toHaveLength(1)
    return open[0]
  }

  /** The payment-link page's start: the plugin's session on the balance's collection. */
  const startBalanceLoan = (collectionId: string) =>
    api.post(`/store/payment-collections/${collectionId}/payment-sessions`, { provider_id: "pp_bnpl_bnpl" }, storeHeaders())

  /**
   * The shopper pays a balance from the payment link: a loan for exactly what it asks, paid at the
   * service, its webhook delivered unless `webhookLost`. Answers the loan's id.
   */
  async function payBalance(balance: Collection, { webhookLost = false } = {}): Promise<number> {
    const started = await startBalanceLoan(balance.id)
    expect(started.status).toBe(200)
    const loanId: number = started.data.payment_collection.payment_sessions[0].data.loan_id
    expect(Number(env.sandbox.state.loans.get(loanId)!.request.totalPrice)).toBe(Number(balance.amount))
    if (webhookLost) env.sandbox.setFaults({ webhook: { dropRate: 1 } })
    await env.sandbox.pay(loanId)
    env.sandbox.setFaults({})
    if (!webhookLost) expect((await postWebhook(env, notification(balance.id, loanId))).status).toBe(200)
    return loanId
  }

  /** The collection Medusa opened for what is left to pay after an exchange or a claim (it may come a moment after the request). */
  async function openBalance(orderId: string): Promise<Collection> {
    const open = await until(
      async () => (await collections(orderId)).find((c) => c.status === "not_paid"),
      (found) => !!found,
    )
    return open!
  }

  /** An order's balance paid with a second loan at the service, its webhook delivered unless `webhookLost`. */
  async function paidBalance({ webhookLost = false } = {}) {
    const { orderId, loanId: firstLoan } = await paidOrder()
    const balance = await balanceOf(orderId)
    const loanId = await payBalance(balance, { webhookLost })
    return { orderId, firstLoan, balance, loanId }
  }

  return { storeHeaders, collections, paidOrder, balanceOf, openBalance, startBalanceLoan, payBalance, paidBalance }
}
