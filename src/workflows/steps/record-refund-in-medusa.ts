import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

export const recordRefundInMedusaStepId = "bnpl-record-refund-in-medusa"

/** The payment module's generated methods for its Refund model, which its interface does not declare. */
interface RefundRecords {
  createRefunds(data: Array<{ payment_id: string; amount: string; note: string }>): Promise<Array<{ id: string }>>
  deleteRefunds(ids: string[]): Promise<void>
}

/**
 * A Medusa refund of money that already left at the service: the payment module's record, never
 * the provider (no request reaches the service). Compensation deletes the record.
 */
export const recordRefundInMedusaStep = createStep(
  recordRefundInMedusaStepId,
  async (input: { payment_id: string; amount: string }, { container }) => {
    const payments = container.resolve(Modules.PAYMENT) as unknown as RefundRecords
    const [refund] = await payments.createRefunds([
      { payment_id: input.payment_id, amount: input.amount, note: "Refund made at the financing service" },
    ])
    return new StepResponse(refund, refund.id)
  },
  async (refundId: string | undefined, { container }) => {
    if (refundId) await (container.resolve(Modules.PAYMENT) as unknown as RefundRecords).deleteRefunds([refundId])
  },
)
