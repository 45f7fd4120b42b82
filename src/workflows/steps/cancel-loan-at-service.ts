import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { bnplFromContainer } from "../../lib/options/resolve-options"

export const cancelLoanAtServiceStepId = "bnpl-cancel-loan-at-service"

/**
 * Cancels an unpaid loan at the service (client.ts, `cancelIfUnpaid`: never a paid loan, never
 * while a newer unpaid loan of the cart waits) and answers whether the status query shows it
 * cancelled after. No compensation: the service has no way to reopen a cancelled loan.
 */
export const cancelLoanAtServiceStep = createStep(
  cancelLoanAtServiceStepId,
  async (input: { service_cart_id: string; loan_id: number; reason: string }, { container }) => {
    const { cancelled } = await bnplFromContainer(container).client.cancelIfUnpaid(input.service_cart_id, input.loan_id, input.reason)
    return new StepResponse(cancelled)
  },
)
