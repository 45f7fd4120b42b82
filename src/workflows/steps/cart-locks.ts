import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { cartLocksOf } from "../../lib/ledger/locks"

export const cartLocksStepId = "bnpl-cart-locks"

/**
 * The carts' locks to take (lib/ledger/locks.ts): their keys, a new owner, the TTL the plugin's
 * options give. A step, so that the owner is made once and the release names the same one.
 */
export const cartLocksStep = createStep(cartLocksStepId, async (input: { cart_ids: string[] }, { container }) => {
  return new StepResponse(cartLocksOf(container, input.cart_ids))
})
