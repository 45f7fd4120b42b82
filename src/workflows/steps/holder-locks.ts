import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { LoanHolder } from "../../modules/bnpl/holder"
import { holderLocksOf } from "../../lib/ledger/locks"
import { holdersOfServiceCarts } from "../../lib/ledger/holders"

export const holderLocksStepId = "bnpl-holder-locks"

/** The holders whose locks to take, or the `cartId`s at the service of loans whose rows name them. */
export type HolderLocksInput = { holders: LoanHolder[] } | { service_cart_ids: string[] }

/**
 * The holders' locks to take (lib/ledger/locks.ts): their keys, a new owner, the TTL the plugin's
 * options give. A step, so that the owner is made once and the release names the same one.
 */
export const holderLocksStep = createStep(holderLocksStepId, async (input: HolderLocksInput, { container }) => {
  const holders = "holders" in input ? input.holders : await holdersOfServiceCarts(container, input.service_cart_ids)
  return new StepResponse(holderLocksOf(container, holders))
})
