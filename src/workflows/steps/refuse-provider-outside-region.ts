import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

export const refuseProviderOutsideRegionStepId = "bnpl-refuse-provider-outside-region"

/**
 * Medusa's region check (validatePaymentProviderInRegionStep), on what readLoanCartStep read: an
 * open cart's session may only be of a payment provider enabled in the cart's region. Enable the
 * plugin's provider in the region in the admin (Settings → Regions).
 */
export const refuseProviderOutsideRegionStep = createStep(
  refuseProviderOutsideRegionStepId,
  async (input: { provider_id: string; region_refusing?: string }) => {
    if (!input.region_refusing) return new StepResponse(undefined)
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `Payment provider ${input.provider_id} is not enabled in the cart's region ${input.region_refusing}.`,
    )
  },
)
