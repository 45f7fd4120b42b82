import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { bnplFromContainer } from "../../lib/options/resolve-options"

export const readServiceLoanStepId = "bnpl-read-service-loan"

/** The loan as the service's status query shows it; refused when the service lists no such loan. Reads only. */
export const readServiceLoanStep = createStep(readServiceLoanStepId, async (input: { service_cart_id: string; loan_id: number }, { container }) => {
  const loan = await bnplFromContainer(container).client.getLoan(input.service_cart_id, input.loan_id)
  if (!loan) throw new MedusaError(MedusaError.Types.NOT_FOUND, `The service lists no loan ${input.loan_id} for cart ${input.service_cart_id}.`)
  return new StepResponse(loan)
})
