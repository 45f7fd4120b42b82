import type { BigNumberInput, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { orderPayments } from "./queries"

interface PaymentCaptures {
  currency_code: string
  captures: Array<{ id: string; amount: BigNumberInput; raw_amount?: BigNumberInput } | null> | null
}

/**
 * Gives the order a `capture` transaction for each capture of the session's payment that has
 * none. A payment captured by the payment module while processPaymentWorkflow authorizes a session
 * (an order placed first, a balance, a link's collection) gets no order transaction: only
 * completeCartWorkflow and capturePaymentWorkflow add one, so without it the order would show the
 * loan's money as owed (docs/money.md, "When Medusa records the money"). Keyed by the capture's
 * id, as Medusa's own transactions are, so a repeat adds nothing.
 */
export async function recordCapturesOnOrder(container: MedusaContainer, orderId: string, sessionId: string): Promise<void> {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "payment",
    fields: ["currency_code", "captures.id", "captures.amount", "captures.raw_amount"],
    filters: { payment_session_id: sessionId },
  })
  const captures = (data as PaymentCaptures[]).flatMap((payment) =>
    (payment.captures ?? []).flatMap((capture) => (capture ? [{ capture, currency_code: payment.currency_code }] : [])),
  )
  if (!captures.length) return
  const orders = container.resolve(Modules.ORDER)
  const existing = await orders.listOrderTransactions(
    { order_id: orderId, reference: "capture", reference_id: captures.map(({ capture }) => capture.id) },
    { select: ["reference_id"] },
  )
  const recorded = new Set(existing.map((t) => t.reference_id))
  const missing = captures.filter(({ capture }) => !recorded.has(capture.id))
  if (!missing.length) return
  await orders.addOrderTransactions(
    missing.map(({ capture, currency_code }) => ({
      order_id: orderId,
      amount: capture.raw_amount ?? capture.amount,
      currency_code,
      reference: "capture",
      reference_id: capture.id,
    })),
  )
}

/**
 * Gives the order a `refund` transaction for each refund of its loans' payments that has none. A
 * cancel the plugin rolls back (a second loan's refund refused or unclear) undoes Medusa's order
 * transactions, while the refunds that went out stay on their payments: without this the order's
 * summary would not count money the shopper has back. Keyed by the refund's id, as Medusa's own
 * transactions are, so a repeat adds nothing.
 *
 * Only refunds of a payment whose capture the order counts as paid: a payment that Medusa captured
 * and refunded when it rolled back the cart's first completion stays under the order's collection,
 * but its money was never the order's, and its refund on the order would show the order unpaid.
 */
export async function recordRefundsOnOrder(container: MedusaContainer, orderId: string): Promise<void> {
  const refunded = (await orderPayments(container, orderId)).filter((payment) => payment.refunds.length)
  if (!refunded.length) return
  const orders = container.resolve(Modules.ORDER)
  const paidOrder = await paymentsPayingOrder(
    container,
    orderId,
    refunded.map((payment) => payment.paymentId),
  )
  const refunds = refunded.filter((payment) => paidOrder.has(payment.paymentId)).flatMap((payment) => payment.refunds)
  if (!refunds.length) return
  const existing = await orders.listOrderTransactions(
    { order_id: orderId, reference: "refund", reference_id: refunds.map((refund) => refund.id) },
    { select: ["reference_id"] },
  )
  const recorded = new Set(existing.map((t) => t.reference_id))
  const missing = refunds.filter((refund) => !recorded.has(refund.id))
  if (!missing.length) return
  const { currency_code } = await orders.retrieveOrder(orderId, { select: ["currency_code"] })
  await orders.addOrderTransactions(
    missing.map((refund) => ({
      order_id: orderId,
      amount: `-${refund.amount}`,
      currency_code,
      reference: "refund",
      reference_id: refund.id,
    })),
  )
}

/** Which of these payments has a capture the order holds a `capture` transaction of. */
async function paymentsPayingOrder(container: MedusaContainer, orderId: string, paymentIds: string[]): Promise<Set<string>> {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "payment",
    fields: ["id", "captures.id"],
    filters: { id: paymentIds },
  })
  const captures = (data as Array<{ id: string; captures: Array<{ id: string } | null> | null }>).flatMap((payment) =>
    (payment.captures ?? []).flatMap((capture) => (capture ? [{ paymentId: payment.id, captureId: capture.id }] : [])),
  )
  if (!captures.length) return new Set()
  const onOrder = await container
    .resolve(Modules.ORDER)
    .listOrderTransactions(
      { order_id: orderId, reference: "capture", reference_id: captures.map(({ captureId }) => captureId) },
      { select: ["reference_id"] },
    )
  const held = new Set(onOrder.map((t) => t.reference_id))
  return new Set(captures.filter(({ captureId }) => held.has(captureId)).map(({ paymentId }) => paymentId))
}
