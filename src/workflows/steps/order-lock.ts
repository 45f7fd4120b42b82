import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { orderLockOf } from "../../lib/ledger/locks"

export const orderLockStepId = "bnpl-order-lock"

/**
 * The order's own lock (lib/ledger/locks.ts, `orderLockOf`): its key, a new owner, the TTL the
 * options give. A step, so that the owner is made once and the release names the same one.
 */
export const orderLockStep = createStep(orderLockStepId, async (input: { order_id: string }, { container }) => {
  return new StepResponse(orderLockOf(container, input.order_id))
})
