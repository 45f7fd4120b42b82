import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { listLoanWorkflow } from "./list-loan"
import { markCompletionStartedWorkflow } from "./mark-completion-started"
import { checkCartCompletionStep, type CompletionRefusal } from "./steps/check-cart-completion"
import type { CartCompletion } from "./steps/read-cart-completion"

/**
 * The storefront's completion of a cart a loan pays, under the cart's lock, which the route holds
 * until Medusa's route has answered (a lock of a workflow's cannot last that long): the cart is
 * checked against its loan (checkCartCompletionStep); a refused loan goes on the attention list,
 * and the refusal is the answer; otherwise the loan's completion is marked as started, like the
 * confirmation marks it, so that a crash in it is known to the next confirmation.
 */
export const prepareCartCompletionWorkflow = createWorkflow("bnpl-prepare-cart-completion", (input: CartCompletion) => {
  const check = checkCartCompletionStep(input)
  when("bnpl-completion-refused-loan", { check }, ({ check }) => !!check.listing).then(() =>
    listLoanWorkflow.runAsStep({ input: transform({ check }, ({ check }) => check.listing!) }),
  )
  when("bnpl-completion-starts", { check }, ({ check }) => !!check.mark).then(() =>
    markCompletionStartedWorkflow.runAsStep({ input: transform({ check }, ({ check }) => check.mark!) }),
  )
  return new WorkflowResponse(transform({ check }, ({ check }): { refusal?: CompletionRefusal } => ({ refusal: check.refusal })))
})
