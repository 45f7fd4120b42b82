import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { LoanHolder } from "../../lib/ledger/holder"
import { ledgerOf } from "../../lib/ledger/ledger"
import { settleLoanRequestWorkflow } from "../settle-loan-request"

export const settleLoanRequestsOfCollectionStepId = "bnpl-settle-loan-requests-of-collection"

/**
 * Before anything more is sent for the collection: a creation whose reply was lost is settled by
 * the status query of its cartId, so that the loan it may have made has its row (and is then
 * cancelled with the collection's other unpaid links). While the service cannot say, nothing
 * more is sent. No compensation: a row is never removed.
 *
 * The settling workflow runs with `run`, once per request the ledger lists: a workflow's
 * composition has no loop over what a step reads.
 */
export const settleLoanRequestsOfCollectionStep = createStep(
  settleLoanRequestsOfCollectionStepId,
  async (input: { payment_collection_id: string; holder: LoanHolder }, { container }) => {
    for (const request of await ledgerOf(container).listUnsettledLoanRequests({ payment_collection_id: input.payment_collection_id })) {
      await settleLoanRequestWorkflow(container)
        .run({ input: { cart_id: request.cart_id, holder: input.holder } })
        .catch((error: Error) => {
          throw new MedusaError(
            MedusaError.Types.UNEXPECTED_STATE,
            `The service did not answer the last payment by phone of this order (${request.cart_id}), and cannot say now whether it made its loan (${error.message}). No new link is sent until it can: try again in a moment.`,
          )
        })
    }
    return new StepResponse(undefined)
  },
)
