import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { transform, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import type { Locks } from "../lib/ledger/locks"
import { cartLocksStep } from "./steps/cart-locks"

/**
 * Takes the carts' locks with Medusa's `acquireLockStep`, which waits for them and, when a later
 * step fails, releases them through its compensation. Answers what `unlockCarts` releases.
 */
export function lockCarts(input: WorkflowData<{ cart_ids: string[] }>): WorkflowData<Locks> {
  const locks = cartLocksStep(input)
  acquireLockStep(locks)
  return locks
}

/** `lockCarts` for the one cart a workflow's loan is known by. */
export function lockCart(input: WorkflowData<{ cart_id: string }>): WorkflowData<Locks> {
  return lockCarts(transform({ input }, ({ input }) => ({ cart_ids: [input.cart_id] })))
}

/** Releases what `lockCarts` took, with Medusa's `releaseLockStep`. */
export function unlockCarts(locks: WorkflowData<Locks>): void {
  releaseLockStep(locks)
}
