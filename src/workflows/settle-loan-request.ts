import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { listLoansAtServiceStep } from "./steps/list-loans-at-service"
import { recordLoansOfRequestStep } from "./steps/record-loans-of-request"
import { recordLoanRequestStep, type RecordLoanRequestInput } from "./steps/record-loan-request"

/**
 * A loan creation under a cartId the plugin chose (a sale by phone) is recorded before it is sent
 * (`bnpl-record-loan-request`), and settled by the status query of that cartId
 * (`bnpl-settle-loan-request`): every loan the service made under it, the one whose reply was
 * lost included, gets its row. Run under the lock their caller holds.
 */
export const recordLoanRequestWorkflow = createWorkflow("bnpl-record-loan-request", (input: RecordLoanRequestInput) => {
  return new WorkflowResponse(recordLoanRequestStep(input))
})

export const settleLoanRequestWorkflow = createWorkflow("bnpl-settle-loan-request", (input: { cart_id: string }) => {
  const listed = listLoansAtServiceStep(input)
  return new WorkflowResponse(recordLoansOfRequestStep({ cart_id: input.cart_id, listed }))
})
