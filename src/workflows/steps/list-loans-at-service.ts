import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { bnplFromContainer } from "../../lib/options/resolve-options"
import type { LoanHolder } from "../../modules/bnpl/holder"
import { aboutLoan } from "../../lib/telemetry/loan-context"

export const listLoansAtServiceStepId = "bnpl-list-loans-at-service"

/** Every loan the service's status query lists under a cartId, traced as the holder's when the caller knows it. Reads only. */
export const listLoansAtServiceStep = createStep(
  listLoansAtServiceStepId,
  async (input: { service_cart_id: string; holder?: LoanHolder }, { container }) => {
    const { client } = bnplFromContainer(container)
    return new StepResponse(await aboutLoan(input.holder ? { holder: input.holder } : {}, () => client.getLoans(input.service_cart_id)))
  },
)
