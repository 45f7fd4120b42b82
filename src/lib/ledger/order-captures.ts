import type { BigNumberInput, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

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
