import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { asMedusaError } from "../../lib/service/errors"
import { bnplFromContainer } from "../../lib/options/resolve-options"
import { isPaid } from "../../lib/service/status"
import type { LoanHolder } from "../../modules/bnpl/holder"
import { ledgerOf } from "../../lib/ledger/ledger"
import { loansPayingCollection, type PhoneSaleCollectionRow, refuse } from "../../lib/ledger/sale-by-phone"
import { aboutLoan } from "../../lib/telemetry/loan-context"

export const cancelUnpaidLoansOfCollectionStepId = "bnpl-cancel-unpaid-loans-of-collection"

/**
 * Before a new link: every unpaid loan of the collection is cancelled at the service, so that the
 * customer never holds two payable links. A paid one refuses the new link; one the service would
 * not cancel stops it. No compensation: a cancel at the service cannot be undone.
 */
export const cancelUnpaidLoansOfCollectionStep = createStep(
  cancelUnpaidLoansOfCollectionStepId,
  async (input: { collection: PhoneSaleCollectionRow; holder: LoanHolder }, { container }) => {
    const { client } = bnplFromContainer(container)
    // The requests are traced as the new sale's holder's (lib/telemetry/loan-context.ts).
    await aboutLoan({ holder: input.holder }, async () => {
      const rows = await ledgerOf(container).listUndecidedLoansPaying({ payment_collection_id: input.collection.id })
      for (const data of loansPayingCollection(input.collection, rows)) {
        const { loan, cancelled } = await client.cancelIfUnpaid(data.service_cart_id, data.loan_id, "replaced by a new payment by phone")
        if (loan && isPaid(loan)) throw refuse(`Loan ${loan.loanId} of this collection is already paid: nothing is left to pay by phone.`)
        if (loan?.status === "REQUEST" && !cancelled) {
          throw new MedusaError(
            MedusaError.Types.CONFLICT,
            `Loan ${loan.loanId} of this collection could not be cancelled at the service, so no second link is sent. Try again in a moment.`,
          )
        }
      }
    }).catch((error) => {
      throw asMedusaError(error, "cancel the collection's waiting link before a new one")
    })
    return new StepResponse(undefined)
  },
)
