import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { recordLoansOfRequest } from "../../lib/ledger/loan-row"
import type { LoanRecord } from "../../lib/service/wire"

export const recordLoansOfRequestStepId = "bnpl-record-loans-of-request"

export interface RecordLoansOfRequestInput {
  service_cart_id: string
  /** What the status query lists under the request's cartId. */
  listed: LoanRecord[]
}

/**
 * Every loan the service lists under a request's cartId gets its row (a loan whose reply was
 * lost has none), for the holder the request recorded; then the request is settled
 * (lib/ledger/loan-row.ts, `recordLoansOfRequest`). The rows have no session: reconciliation and
 * the webhook confirm or end them as any loan. No compensation: a row is never removed.
 */
export const recordLoansOfRequestStep = createStep(recordLoansOfRequestStepId, async (input: RecordLoansOfRequestInput, { container }) => {
  return new StepResponse(await recordLoansOfRequest(container, input.service_cart_id, input.listed))
})
