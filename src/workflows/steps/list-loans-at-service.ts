import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { bnplFromContainer } from "../../lib/options/resolve-options"

export const listLoansAtServiceStepId = "bnpl-list-loans-at-service"

/** Every loan the service's status query lists under a cartId. Reads only. */
export const listLoansAtServiceStep = createStep(listLoansAtServiceStepId, async (input: { cart_id: string }, { container }) => {
  return new StepResponse(await bnplFromContainer(container).client.getLoans(input.cart_id))
})
