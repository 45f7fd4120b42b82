import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { saleByPhoneHolder } from "../../modules/bnpl/holder"

export const saleByPhoneHolderStepId = "bnpl-sale-by-phone-holder"

/**
 * The holder of a new sale by phone of the collection, with the new `cartId` the service will know
 * its loan by (modules/bnpl/holder.ts). A step, so that the `cartId` is made once.
 */
export const saleByPhoneHolderStep = createStep(saleByPhoneHolderStepId, async (input: { payment_collection_id: string }) => {
  return new StepResponse(saleByPhoneHolder(input.payment_collection_id))
})
