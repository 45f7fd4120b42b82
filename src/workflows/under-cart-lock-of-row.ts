import { transform } from "@medusajs/framework/workflows-sdk"
import { lockCarts, unlockCarts } from "./cart-locks"
import { cartOfLedgerRowStep } from "./steps/cart-of-ledger-row"

/** Composes `work` under the lock of the cart of a ledger row: for a workflow's constructor. */
export function underCartLockOfRow<I extends { ledger_id: string }, O>(input: I, work: (input: I) => O): O {
  const row = cartOfLedgerRowStep(input)
  const locks = lockCarts(transform({ row }, ({ row }) => ({ cart_ids: [row.cart_id] })))
  const result = work(input)
  unlockCarts(locks)
  return result
}
