import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { LoanHolder } from "../../modules/bnpl/holder"
import { orderOfHolder } from "../../lib/medusa/queries"

export const readOrderOfHolderStepId = "bnpl-read-order-of-holder"

/** The order the loan's holder is part of (Medusa's links), or null. Reads only. */
export const readOrderOfHolderStep = createStep(readOrderOfHolderStepId, async (input: { holder: LoanHolder }, { container }) => {
  return new StepResponse((await orderOfHolder(container, input.holder)) ?? null)
})
