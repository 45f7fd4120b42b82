import type { BigNumberInput, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { cancelOrderWorkflow } from "@medusajs/medusa/core-flows"
import { refundLoanInFull } from "../loans/refund-in-full"
import { toCents } from "../providers/bnpl/money"
import { centsToDecimal, RefundRejectedError } from "../providers/bnpl/refunds"
import { PROVIDER_ID, readSessionData } from "../providers/bnpl/session-data"

/**
 * Cancelling an order whose loan is paid refunds what remains at the service.
 *
 * Medusa's cancelOrderWorkflow cancels uncaptured payments through the
 * provider (which refunds a paid loan) and refunds captured ones, but it
 * swallows the provider's errors in both, so a REJECTED refund would leave an
 * order cancelled in Medusa while the customer keeps paying installments.
 * This runs in that workflow's `orderCanceled` hook: an uncaptured bnpl
 * payment the provider could not cancel is refunded here; a captured one
 * whose refund did not go through fails the hook; a refusal fails it too. A
 * failed hook makes Medusa's compensation put the order back, and the admin
 * sees why.
 */
export interface CancelRefundInput {
  order_id: string
}

interface OrderPaymentRow {
  id: string
  provider_id: string
  data: Record<string, unknown> | null
  canceled_at?: string | null
  captures?: Array<{ amount: BigNumberInput } | null> | null
  refunds?: Array<{ amount: BigNumberInput } | null> | null
}

const refundUncanceledStep = createStep("bnpl-cancel-refund", async (input: CancelRefundInput, { container }) => {
  const refunded: number[] = []
  for (const payment of await bnplPayments(container, input.order_id)) {
    const session = readSessionData(payment.data)
    if (!session) continue
    if ((payment.captures ?? []).length) {
      // Medusa refunded the captured amount through the provider, and swallows a failure there too.
      const captured = total(payment.captures)
      if (total(payment.refunds) < captured) {
        throw new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          `Order ${input.order_id} was not cancelled: the service rejected or did not take the refund of loan ${session.loan_id}'s captured ${centsToDecimal(captured)} (the [bnpl] log line says why). ` +
            "If part of the loan was refunded in the service's portal, run Reconcile now so that Medusa records it, then cancel again."
        )
      }
      continue
    }
    if (payment.canceled_at) continue
    await refundLoanInFull(container, session.cart_id, session.loan_id, "order cancelled in Medusa", `bnpl-cancel-${payment.id}`).catch((error) => {
      const why = error instanceof RefundRejectedError ? "the service rejected the refund of what remains of the loan" : (error as Error).message
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Order ${input.order_id} was not cancelled: loan ${session.loan_id} is paid and ${why}. Check the loan in the service's portal, then cancel again.`)
    })
    // Now the provider finds nothing left to refund, and Medusa records the cancellation.
    await container.resolve(Modules.PAYMENT).cancelPayment(payment.id)
    refunded.push(session.loan_id)
  }
  // Irreversible at the service: nothing to compensate, and nothing after this step can fail for it.
  return new StepResponse(refunded)
})

async function bnplPayments(container: MedusaContainer, orderId: string): Promise<OrderPaymentRow[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "payment_collections.payments.id",
      "payment_collections.payments.provider_id",
      "payment_collections.payments.data",
      "payment_collections.payments.canceled_at",
      "payment_collections.payments.captures.amount",
      "payment_collections.payments.refunds.amount",
    ],
    filters: { id: orderId },
  })
  const order = data[0] as { payment_collections?: Array<{ payments?: OrderPaymentRow[] | null } | null> } | undefined
  return (order?.payment_collections ?? []).flatMap((c) => c?.payments ?? []).filter((p) => p.provider_id === PROVIDER_ID)
}

const total = (rows: Array<{ amount: BigNumberInput } | null> | null | undefined): bigint =>
  (rows ?? []).reduce((sum, row) => sum + (row ? toCents(row.amount) : 0n), 0n)

export const cancelRefundWorkflow = createWorkflow("bnpl-cancel-refund", (input: CancelRefundInput) => {
  return new WorkflowResponse(refundUncanceledStep(input))
})

cancelOrderWorkflow.hooks.orderCanceled(async ({ order }, { container }) => {
  await cancelRefundWorkflow(container).run({ input: { order_id: order.id } })
})
