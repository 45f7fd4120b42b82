import { acquireCartLockStep } from "./steps/acquire-cart-lock"
import { cartOfLedgerRowStep } from "./steps/cart-of-ledger-row"
import { releaseCartLockStep } from "./steps/release-cart-lock"

/** Composes `work` under the lock of the cart of a ledger row: for a workflow's constructor. */
export function underCartLockOfRow<I extends { ledger_id: string }, O>(input: I, work: (input: I) => O): O {
  const row = cartOfLedgerRowStep(input)
  const lock = acquireCartLockStep(row)
  const result = work(input)
  releaseCartLockStep(lock)
  return result
}
