import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

export const refusePaidCartStepId = "bnpl-refuse-paid-cart"

/**
 * Refuses a new loan for a cart that is an order already, or whose collection holds an
 * authorized session (readLoanCartStep's `paid`): a second loan for a paid cart would be a
 * second payable loan, and the service refunds by cart, not by loan.
 */
export const refusePaidCartStep = createStep(refusePaidCartStepId, async (input: { paid: boolean; balance: boolean }) => {
  if (!input.paid) return new StepResponse(undefined)
  throw new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    input.balance ? "This balance is already paid." : "This cart is already paid. Start a new cart to buy again.",
  )
})
