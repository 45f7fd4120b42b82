import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { toCents } from "../../lib/service/money"
import { centsToDecimal } from "../../lib/service/refunds"
import type { OrderPayment } from "../../lib/medusa/queries"
import { countedByOrder } from "../../lib/money/released-rest"
import type { LedgerLoan } from "../../modules/bnpl/types"
import { refundRemaining } from "./refund-loan-in-full"

export const refundReleasedRestStepId = "bnpl-refund-released-rest"

/**
 * A loan whose payment's uncaptured rest Medusa released while its order stays (queries.ts,
 * `restReleased`) stays that order's payment for what it captured: only what the order does not
 * count goes back, under the payment's own key. Answers what the service has refunded on the loan
 * after it. No compensation: money that left cannot be called back.
 */
export const refundReleasedRestStep = createStep(
  refundReleasedRestStepId,
  async (input: { row: LedgerLoan; payment: OrderPayment; reason: string }, { container }) => {
    const { row, payment, reason } = input
    const keep = centsToDecimal(countedByOrder(payment))
    const idempotencyKey = `bnpl-rest-${payment.paymentId}`
    const result = await refundRemaining(container, {
      service_cart_id: row.service_cart_id,
      loan_id: row.loan_id,
      reason,
      idempotency_key: idempotencyKey,
      keep,
    })
    container
      .resolve("logger")
      .info(
        `[bnpl] loan ${row.loan_id} of cart ${row.service_cart_id}: ${result.refundedNow} that order ${row.order_id} no longer counts refunded: ${reason}`,
      )
    return new StepResponse({ refunded_at_service: centsToDecimal(toCents(result.loan.totalAmount) - toCents(keep)) })
  },
)
