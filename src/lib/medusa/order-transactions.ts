import type { BigNumberInput, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { afterOtherWorkflows, withinOtherWorkflowWait } from "./other-workflows"
import { orderPayments } from "./queries"

interface PaymentCaptures {
  id: string
  currency_code: string
  captures: Array<{ id: string; amount: BigNumberInput; raw_amount?: BigNumberInput } | null> | null
}

interface Capture {
  paymentId: string
  captureId: string
  amount: BigNumberInput
  currency_code: string
  /** Whether the order holds this capture's `capture` transaction (counts it as paid). */
  onOrder: boolean
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
  const missing = (await capturesOf(container, orderId, { payment_session_id: sessionId })).filter((capture) => !capture.onOrder)
  if (!missing.length) return
  await container.resolve(Modules.ORDER).addOrderTransactions(
    missing.map((capture) => ({
      order_id: orderId,
      amount: capture.amount,
      currency_code: capture.currency_code,
      reference: "capture",
      reference_id: capture.captureId,
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
 * Not those in `onTheirWay`: Medusa has recorded them and not yet asked the provider, whose answer
 * decides whether they stay, and their own workflow records them on the order when they do.
 */
export async function recordRefundsOnOrder(container: MedusaContainer, orderId: string, onTheirWay: ReadonlySet<string>): Promise<void> {
  const refunded = (await orderPayments(container, orderId)).filter((payment) => payment.refunds.length)
  if (!refunded.length) return
  const captures = await capturesOf(container, orderId, { id: refunded.map((payment) => payment.paymentId) })
  const paying = new Set(captures.filter((capture) => capture.onOrder).map((capture) => capture.paymentId))
  const refunds = refunded
    .filter((payment) => paying.has(payment.paymentId))
    .flatMap((payment) => payment.refunds)
    .filter((refund) => !onTheirWay.has(refund.id))
  if (!refunds.length) return
  const recorded = await transactionsOnOrder(
    container,
    orderId,
    "refund",
    refunds.map((refund) => refund.id),
  )
  const missing = refunds.filter((refund) => !recorded.has(refund.id))
  if (!missing.length) return
  const orders = container.resolve(Modules.ORDER)
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

/**
 * Leaves a refund's record on the order to its own workflow, under the loan's lock, just before
 * the refund is sent. Medusa's refundPaymentWorkflow records on the order every refund its
 * payment holds once the provider answered, each at the amount it was itself asked for
 * (core-flows' refund-payment: `refundPayment.refunds`, `input.amount`), and skips a refund the
 * order holds already. A refund whose record Medusa made while another refund of the payment was
 * at the provider (the store's own, waiting for this lock) is so recorded at the other's amount,
 * and its own workflow would skip it: the order's summary would count the other refund twice.
 *
 * So the workflows of the payment's refunds the service accepted in the last 10 s (`accepted`:
 * when, by Medusa's refund id) are let finish their record first, for as long (a record missing
 * after that is not on its way: a refund Medusa records under its payment's id, one a
 * workflow failed to record), then what they recorded for this refund is taken off. Its own
 * workflow records it at its amount once the service has accepted it; a refund refused is
 * recorded by no one. A refund accepted already (a repeat of its call) keeps its record.
 */
export async function leaveRefundRecordToItsWorkflow(
  container: MedusaContainer,
  { orderId, refundId, accepted }: { orderId: string; refundId: string; accepted: ReadonlyMap<string, Date> },
): Promise<void> {
  if (accepted.has(refundId)) return
  const justSent = new Set([...accepted].filter(([, at]) => withinOtherWorkflowWait(at)).map(([id]) => id))
  if (justSent.size) {
    const payments = container.resolve(Modules.PAYMENT)
    // The record's own column: RefundDTO types only the `payment` relation, which would cost a join.
    const [refund] = (await payments.listRefunds({ id: refundId }, { select: ["id", "payment_id"] as never[] })) as unknown as Array<{
      payment_id: string
    }>
    if (!refund) return
    await afterOtherWorkflows(
      async () => {
        const earlier = (await payments.listRefunds({ payment_id: refund.payment_id }, { select: ["id"] }))
          .map((other) => other.id)
          .filter((id) => justSent.has(id))
        const recorded = earlier.length ? await transactionsOnOrder(container, orderId, "refund", earlier) : new Set<string>()
        return earlier.every((id) => recorded.has(id))
      },
      (allRecorded) => allRecorded,
    )
  }
  const orders = container.resolve(Modules.ORDER)
  const early = await orders.listOrderTransactions({ order_id: orderId, reference: "refund", reference_id: refundId }, { select: ["id", "amount"] })
  if (!early.length) return
  await orders.deleteOrderTransactions(early.map((transaction) => transaction.id))
  container
    .resolve(ContainerRegistrationKeys.LOGGER)
    .info(
      `[bnpl] refund ${refundId}: another refund's workflow had recorded it on order ${orderId} before it was sent, at ${early.map((t) => String(t.amount)).join(", ")}; taken off, its own workflow records it`,
    )
}

/** The captures of the payments `filter` selects, each with whether the order counts it. */
async function capturesOf(
  container: MedusaContainer,
  orderId: string,
  filter: { payment_session_id: string } | { id: string[] },
): Promise<Capture[]> {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "payment",
    fields: ["id", "currency_code", "captures.id", "captures.amount", "captures.raw_amount"],
    filters: filter,
  })
  const captures = (data as PaymentCaptures[]).flatMap((payment) =>
    (payment.captures ?? []).flatMap((capture) =>
      capture
        ? [{ paymentId: payment.id, captureId: capture.id, amount: capture.raw_amount ?? capture.amount, currency_code: payment.currency_code }]
        : [],
    ),
  )
  if (!captures.length) return []
  const onOrder = await transactionsOnOrder(
    container,
    orderId,
    "capture",
    captures.map((capture) => capture.captureId),
  )
  return captures.map((capture) => ({ ...capture, onOrder: onOrder.has(capture.captureId) }))
}

/** Which of these references the order holds a transaction of. */
async function transactionsOnOrder(
  container: MedusaContainer,
  orderId: string,
  reference: "capture" | "refund",
  referenceIds: string[],
): Promise<Set<string>> {
  const existing = await container
    .resolve(Modules.ORDER)
    .listOrderTransactions({ order_id: orderId, reference, reference_id: referenceIds }, { select: ["reference_id"] })
  return new Set(existing.map((transaction) => transaction.reference_id))
}
