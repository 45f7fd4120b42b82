import { MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { cancelOrderWorkflow } from "@medusajs/medusa/core-flows"
import { orderPayments } from "../loans/queries"
import { refundLoanInFull } from "../loans/refund-in-full"
import { toCents } from "../providers/bnpl/money"
import { isZero, RefundRejectedError } from "../providers/bnpl/refunds"

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

const refundUncanceledStep = createStep("bnpl-cancel-refund", async (input: CancelRefundInput, { container }) => {
  const refunded: number[] = []
  for (const { paymentId, session, captured, refunded: inMedusa, canceled } of await orderPayments(container, input.order_id)) {
    if (!isZero(captured)) {
      // Medusa refunded the captured amount through the provider, and swallows a failure there too.
      if (toCents(inMedusa) < toCents(captured)) {
        throw new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          `Order ${input.order_id} was not cancelled: the service rejected or did not take the refund of loan ${session.loan_id}'s captured ${captured} (the [bnpl] log line says why). ` +
            "If part of the loan was refunded in the service's portal, run Reconcile now so that Medusa records it, then cancel again.",
        )
      }
      continue
    }
    if (canceled) continue
    await refundLoanInFull(container, session.cart_id, session.loan_id, "order cancelled in Medusa", `bnpl-cancel-${paymentId}`).catch((error) => {
      const why = error instanceof RefundRejectedError ? "the service rejected the refund of what remains of the loan" : (error as Error).message
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Order ${input.order_id} was not cancelled: loan ${session.loan_id} is paid and ${why}. Check the loan in the service's portal, then cancel again.`,
      )
    })
    // Now the provider finds nothing left to refund, and Medusa records the cancellation.
    await container.resolve(Modules.PAYMENT).cancelPayment(paymentId)
    refunded.push(session.loan_id)
  }
  // Irreversible at the service: nothing to compensate, and nothing after this step can fail for it.
  return new StepResponse(refunded)
})

export const cancelRefundWorkflow = createWorkflow("bnpl-cancel-refund", (input: CancelRefundInput) => {
  return new WorkflowResponse(refundUncanceledStep(input))
})

cancelOrderWorkflow.hooks.orderCanceled(async ({ order }, { container }) => {
  await cancelRefundWorkflow(container).run({ input: { order_id: order.id } })
})
