import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { cancelOrderWorkflow } from "@medusajs/medusa/core-flows"

export const cancelAwaitingOrderStepId = "bnpl-cancel-awaiting-order"

/**
 * The order placed before its financing goes with its loan, through Medusa's cancelOrderWorkflow:
 * its stock goes back, `order.canceled` is sent. A refusal (a fulfilment made before the loan was
 * paid) leaves it for the admin, who sees the loan cancelled on it, and is logged with Medusa's
 * reason. No compensation: the loan it waited on has ended at the service.
 */
export const cancelAwaitingOrderStep = createStep(cancelAwaitingOrderStepId, async (input: { order_id: string; loan_id: number }, { container }) => {
  // run, not runAsStep: Medusa's refusal is an answer here (throwOnError: false), logged with its reason, and the loan stays
  // cancelled; nested, the refusal would fail the parent workflow and undo the ledger's record of a loan ended at the service.
  const { errors } = await cancelOrderWorkflow(container).run({ input: { order_id: input.order_id }, throwOnError: false })
  if (!errors.length) return new StepResponse(true)
  const why = errors.map((e) => (e.error as Error | undefined)?.message).join("; ")
  container
    .resolve(ContainerRegistrationKeys.LOGGER)
    .warn(`[bnpl] loan ${input.loan_id} ended unpaid, but its order ${input.order_id} could not be cancelled: ${why}. Cancel it in the admin.`)
  return new StepResponse(false)
})
