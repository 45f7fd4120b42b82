import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { LoanFacts } from "../../lib/money/confirmation"
import { loanAtService } from "../../lib/ledger/loan-at-service"

export const readLoanAtServiceStepId = "bnpl-read-loan-at-service"

/**
 * The status query, the refund history and the book of the cart (loan-at-service.ts), beside
 * Medusa's facts of the cart (the confirmation runs this step in parallel with readCartOfLoanStep):
 * each waits on a different server, and a webhook for a loan the ledger has settled never gets
 * this far (src/api/hooks/bnpl/confirm-notified-loan.ts). Reads only.
 */
export const readLoanAtServiceStep = createStep(
  readLoanAtServiceStepId,
  async (input: { service_cart_id: string; loan_id: number }, { container }) => {
    const found: LoanFacts = await loanAtService(container, input.service_cart_id, input.loan_id)
    return new StepResponse(found)
  },
)
