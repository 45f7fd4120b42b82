import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, createOrderPaymentCollectionWorkflow, releaseLockStep } from "@medusajs/medusa/core-flows"
import { orderLockStep } from "./steps/order-lock"
import { readOpenCollectionStep } from "./steps/read-open-collection"
import { readOrderAskedStep } from "./steps/read-order-asked"

export const openOrderCollectionWorkflowId = "bnpl-open-order-collection"

/**
 * The collection a sale by phone asks through: the order's open one, or for a converted draft
 * order (Medusa opens none) one for its total, opened as Medusa opens an order's "payment link".
 * Under the order's own lock, read again once held: two admins sending at once open one, not two.
 * Answers the collection's id.
 */
export const openOrderCollectionWorkflow = createWorkflow(openOrderCollectionWorkflowId, (input: { order_id: string }) => {
  const locks = orderLockStep(input)
  acquireLockStep(locks)
  const asked = readOrderAskedStep(input)
  when("bnpl-order-has-no-collection", { asked }, ({ asked }) => !asked.payment_collection_id).then(() =>
    // Kept when a later step of the sale fails: the loan request and any loan made for it name the collection.
    createOrderPaymentCollectionWorkflow
      .runAsStep({ input: transform({ input, asked }, ({ input, asked }) => ({ order_id: input.order_id, amount: asked.amount })) })
      .config({ noCompensation: true }),
  )
  const opened = readOpenCollectionStep(input)
  releaseLockStep(locks)
  return new WorkflowResponse(opened)
})
