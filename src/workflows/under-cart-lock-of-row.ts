import { lockCart, unlockCarts } from "./cart-locks"
import { cartOfLedgerRowStep } from "./steps/cart-of-ledger-row"

/** Composes `work` under the lock of the cart of a ledger row: for a workflow's constructor. */
export function underCartLockOfRow<I extends { ledger_id: string }, O>(input: I, work: (input: I) => O): O {
  const locks = lockCart(cartOfLedgerRowStep(input))
  const result = work(input)
  unlockCarts(locks)
  return result
}
