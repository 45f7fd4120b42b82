import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { bnplFromContainer } from "../../lib/options/resolve-options"
import { refuse } from "../../lib/ledger/sale-by-phone"

export const refuseResendWithoutMerchantHostStepId = "bnpl-refuse-resend-without-merchant-host"

/** A link is sent again through the service's merchant host: a 400 naming the setting when the store has none. */
export const refuseResendWithoutMerchantHostStep = createStep(refuseResendWithoutMerchantHostStepId, async (_input: undefined, { container }) => {
  if (!bnplFromContainer(container).options.merchantUrl) {
    throw refuse("Sending a link again needs the service's merchant host: set BNPL_MERCHANT_URL.")
  }
  return new StepResponse(undefined)
})
