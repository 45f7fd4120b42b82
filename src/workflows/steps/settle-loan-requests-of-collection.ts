import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { bnplFromContainer } from "../../lib/options/resolve-options"
import type { LoanHolder } from "../../modules/bnpl/holder"
import { ledgerOf } from "../../lib/ledger/ledger"
import { recordLoansOfRequest } from "../../lib/ledger/loan-row"
import { aboutLoan } from "../../lib/telemetry/loan-context"

export const settleLoanRequestsOfCollectionStepId = "bnpl-settle-loan-requests-of-collection"

/**
 * Before anything more is sent for the collection: a creation whose reply was lost is settled by
 * the status query of its cartId, so that the loan it may have made has its row (and is then
 * cancelled with the collection's other unpaid links). While the service cannot say, nothing
 * more is sent. No compensation: a row is never removed.
 */
export const settleLoanRequestsOfCollectionStep = createStep(
  settleLoanRequestsOfCollectionStepId,
  async (input: { payment_collection_id: string; holder: LoanHolder }, { container }) => {
    const { client } = bnplFromContainer(container)
    for (const request of await ledgerOf(container).listUnsettledLoanRequests({ payment_collection_id: input.payment_collection_id })) {
      // The requests are traced as the new sale's holder's (lib/telemetry/loan-context.ts).
      await aboutLoan({ holder: input.holder }, async () =>
        recordLoansOfRequest(container, request.service_cart_id, await client.getLoans(request.service_cart_id)),
      ).catch((error: Error) => {
        throw new MedusaError(
          MedusaError.Types.UNEXPECTED_STATE,
          `The service did not answer the last payment by phone of this order (${request.service_cart_id}), and cannot say now whether it made its loan (${error.message}). No new link is sent until it can: try again in a moment.`,
        )
      })
    }
    return new StepResponse(undefined)
  },
)
