import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { acquireCartLock, type HeldLock, releaseLock } from "../../lib/ledger/ledger"

export const acquireCartLockStepId = "bnpl-acquire-cart-lock"

/**
 * Takes the cart's lock (`bnpl:cart:<id>`), which every workflow that changes the cart's loans
 * holds: an owner per holder and a TTL that covers the work under it (ledger.ts). Taken inside
 * a nested workflow too, where Medusa's own lock step would skip. Released by
 * releaseCartLockStep, or by this step's compensation when a later step fails.
 */
export const acquireCartLockStep = createStep(
  acquireCartLockStepId,
  async (input: { cart_id: string }, { container }) => {
    const lock = await acquireCartLock(container, input.cart_id)
    return new StepResponse(lock, lock)
  },
  async (lock: HeldLock | undefined, { container }) => {
    if (lock) await releaseLock(container, lock)
  },
)
