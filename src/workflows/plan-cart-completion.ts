import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { readCartCompletionStep } from "./steps/read-cart-completion"

/**
 * Before Medusa's `POST /store/carts/:id/complete`: what the plugin does first (the cart's
 * confirmation, or the checks of prepare-cart-completion.ts under the cart's lock), or nothing for
 * a cart no loan of the plugin's waits on. Reads only, without the cart's lock: the confirmation
 * takes the lock itself, and the checks are made under the lock the route takes after.
 */
export const planCartCompletionWorkflow = createWorkflow("bnpl-plan-cart-completion", (input: { cart_id: string }) => {
  return new WorkflowResponse(readCartCompletionStep(input))
})
