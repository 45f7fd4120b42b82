import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ledgerOf } from "../../lib/ledger/ledger"
import type { LoanRequestRecord } from "../../modules/bnpl/types"

export const recordLoanRequestStepId = "bnpl-record-loan-request"

export type RecordLoanRequestInput = Pick<LoanRequestRecord, "service_cart_id" | "holder" | "payment_collection_id" | "currency_code"> & {
  amount: string
}

/** Writes where a loan is about to be asked for, before the request goes out. No compensation: it records a request that may have reached the service. */
export const recordLoanRequestStep = createStep(recordLoanRequestStepId, async (input: RecordLoanRequestInput, { container }) => {
  const request = await ledgerOf(container).recordLoanRequest(input)
  return new StepResponse(request.id)
})
