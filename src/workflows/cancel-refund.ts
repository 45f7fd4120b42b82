import type { MedusaContainer, UpdatePaymentDTO } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { cancelOrderWorkflow } from "@medusajs/medusa/core-flows"
import { underCartLock } from "../lib/ledger/ledger"
import { orderPayments } from "../lib/ledger/queries"
import { refundLoanInFull } from "../lib/ledger/refund-in-full"
import { toCents } from "../lib/bnpl/money"
import { isZero, RefundRejectedError } from "../lib/bnpl/refunds"
import { isPaid } from "../lib/bnpl/status"

/**
 * Cancelling an order whose loan is paid refunds what remains at the service.
 *
 * Medusa's cancelOrderWorkflow cancels uncaptured payments through the provider, which never
 * refunds (a rollback of a failed completion cancels the same way), and refunds captured ones
 * through the provider, swallowing its errors. This runs in that workflow's `orderCanceled`
 * hook: for an uncaptured payment of a paid loan it refunds what remains by the plugin's book
 * of refunds; for a captured one it checks that Medusa's refund went through. A refusal, or a
 * refund the book cannot account for (made outside Medusa, a lost reply), fails the hook, so
 * Medusa's compensation puts the order back and the admin sees why.
 */
export interface CancelRefundInput {
  order_id: string
}

/** Refunds the paid loans of a cancelled order (see above); answers the loans it refunded. */
async function refundPaidLoansOfCancelledOrder(container: MedusaContainer, input: CancelRefundInput): Promise<number[]> {
  const refunded: number[] = []
  for (const payment of await orderPayments(container, input.order_id)) {
    const { paymentId, session, captured, refunded: inMedusa } = payment
    if (!isZero(captured)) {
      if (toCents(inMedusa) < toCents(captured)) {
        throw new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          `Order ${input.order_id} was not cancelled: the service rejected or did not take the refund of loan ${session.loan_id}'s captured ${captured} (the [bnpl] log line says why). ` +
            "If part of the loan was refunded in the service's portal, run Reconcile now and record it on the loans page, then cancel again.",
        )
      }
      continue
    }
    const done = await underCartLock(container, session.cart_id, () =>
      refundLoanInFull(container, session.cart_id, session.loan_id, "order cancelled in Medusa", `bnpl-cancel-${paymentId}`),
    ).catch(async (error) => {
      // Medusa cancelled the payment before this hook and does not undo that when the hook fails:
      // the order comes back with its payment, as it was.
      if (payment.canceled) await container.resolve(Modules.PAYMENT).updatePayment({ id: paymentId, canceled_at: null } as UpdatePaymentDTO)
      const why = error instanceof RefundRejectedError ? "the service rejected the refund of what remains of the loan" : (error as Error).message
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Order ${input.order_id} was not cancelled: loan ${session.loan_id} is paid and ${why} Check the loan in the service's portal, then cancel again.`,
      )
    })
    if (done.loan && isPaid(done.loan)) refunded.push(session.loan_id)
  }
  return refunded
}

// Irreversible at the service: nothing to compensate, and nothing after this step can fail for it.
const refundUncapturedStep = createStep("bnpl-cancel-refund", async (input: CancelRefundInput, { container }) => {
  return new StepResponse(await refundPaidLoansOfCancelledOrder(container, input))
})

export const cancelRefundWorkflow = createWorkflow("bnpl-cancel-refund", (input: CancelRefundInput) => {
  return new WorkflowResponse(refundUncapturedStep(input))
})

// A hook is a step of Medusa's workflow: it does the work itself rather than run a workflow inside it.
cancelOrderWorkflow.hooks.orderCanceled(async ({ order }, { container }) => {
  return new StepResponse(await refundPaidLoansOfCancelledOrder(container, { order_id: order.id }))
})
