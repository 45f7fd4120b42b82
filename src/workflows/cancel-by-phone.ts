import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { deletePaymentSessionsWorkflow } from "@medusajs/medusa/core-flows"
import { lockHolder, unlockHolders } from "./holder-locks"
import { cancelSaleAtServiceStep } from "./steps/cancel-sale-at-service"
import { readPendingSaleStep } from "./steps/read-pending-sale"

export const cancelByPhoneWorkflowId = "bnpl-cancel-by-phone"

/**
 * *Cancel*: the order's unpaid sale by phone cancelled at the service, then its session deleted
 * through Medusa's deletePaymentSessionsWorkflow, both under the collection's lock.
 */
export const cancelByPhoneWorkflow = createWorkflow(cancelByPhoneWorkflowId, (input: { order_id: string }) => {
  const sale = readPendingSaleStep(input)
  const locks = lockHolder(
    transform({ sale }, ({ sale }) => ({
      holder: { type: "order_balance" as const, payment_collection_id: sale.collectionId, service_cart_id: sale.data.service_cart_id },
    })),
  )
  cancelSaleAtServiceStep(transform({ sale }, ({ sale }) => ({ service_cart_id: sale.data.service_cart_id, loan_id: sale.data.loan_id })))
  deletePaymentSessionsWorkflow.runAsStep({ input: transform({ sale }, ({ sale }) => ({ ids: [sale.session.id] })) })
  unlockHolders(locks)
  return new WorkflowResponse(undefined)
})
