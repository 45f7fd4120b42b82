import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { asMedusaError } from "../../lib/service/errors"
import { bnplFromContainer } from "../../lib/options/resolve-options"
import { isPaid } from "../../lib/service/status"
import { refuse } from "../../lib/ledger/sale-by-phone"

export const cancelSaleAtServiceStepId = "bnpl-cancel-sale-at-service"

/**
 * The sale's loan cancelled at the service while it is unpaid: a paid one is refunded instead (a
 * 400 says so), and one the service would not cancel stops the cancel. No compensation: a cancel
 * at the service cannot be undone.
 */
export const cancelSaleAtServiceStep = createStep(
  cancelSaleAtServiceStepId,
  async (input: { service_cart_id: string; loan_id: number }, { container }) => {
    const { client } = bnplFromContainer(container)
    const { loan, cancelled } = await client.cancelIfUnpaid(input.service_cart_id, input.loan_id, "cancelled by the store").catch((error) => {
      throw asMedusaError(error, `cancel loan ${input.loan_id}`)
    })
    if (loan && isPaid(loan)) throw refuse(`Loan ${loan.loanId} is already paid: refund it instead.`)
    if (loan?.status === "REQUEST" && !cancelled) {
      throw new MedusaError(MedusaError.Types.CONFLICT, `The service did not cancel loan ${input.loan_id}. Try again in a moment.`)
    }
    return new StepResponse(undefined)
  },
)
