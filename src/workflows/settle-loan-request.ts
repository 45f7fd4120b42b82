import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { LoanHolder } from "../modules/bnpl/holder"
import { listLoansAtServiceStep } from "./steps/list-loans-at-service"
import { recordLoansOfRequestStep } from "./steps/record-loans-of-request"

/**
 * A loan creation under a cartId the plugin chose (a sale by phone), recorded before it was sent
 * (`bnpl-record-loan-request`), is settled by the status query of that cartId: every loan the
 * service made under it, the one whose reply was lost included, gets its row. Run under the lock
 * its caller holds; `holder`, when the caller knows it, names the query's trace.
 */
export const settleLoanRequestWorkflow = createWorkflow("bnpl-settle-loan-request", (input: { service_cart_id: string; holder?: LoanHolder }) => {
  const listed = listLoansAtServiceStep(input)
  return new WorkflowResponse(recordLoansOfRequestStep({ service_cart_id: input.service_cart_id, listed }))
})
