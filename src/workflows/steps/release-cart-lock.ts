import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { type HeldLock, releaseLock } from "../../lib/ledger/ledger"

export const releaseCartLockStepId = "bnpl-release-cart-lock"

export const releaseCartLockStep = createStep(releaseCartLockStepId, async (lock: HeldLock, { container }) => {
  await releaseLock(container, lock)
  return new StepResponse(lock)
})
