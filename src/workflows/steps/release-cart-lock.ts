import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { type CartLock, releaseCartLock } from "../../lib/ledger/ledger"

export const releaseCartLockStepId = "bnpl-release-cart-lock"

export const releaseCartLockStep = createStep(releaseCartLockStepId, async (lock: CartLock, { container }) => {
  await releaseCartLock(container, lock)
  return new StepResponse(lock)
})
