import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { LoanStatus } from "../../lib/service/wire"
import type { LoanHolder } from "../../modules/bnpl/holder"
import { cancelWaitingSession } from "../../lib/medusa/queries"

export const cancelWaitingSessionStepId = "bnpl-cancel-waiting-session"

/**
 * Cancels the loan's payment session if it still waits (queries.ts, `cancelWaitingSession`), so
 * its cart can no longer complete with a loan that has ended. No compensation: the loan ended at
 * the service before this step, and a session put back would wait for a loan that cannot pay.
 */
export const cancelWaitingSessionStep = createStep(
  cancelWaitingSessionStepId,
  async (input: { holder: LoanHolder; loan_id: number; loan_status: LoanStatus }, { container }) => {
    await cancelWaitingSession(container, input.holder, input.loan_id, input.loan_status)
    return new StepResponse(undefined)
  },
)
