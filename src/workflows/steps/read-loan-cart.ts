import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { type OrderBalance, readBalanceForLoan } from "../../lib/ledger/balance-snapshot"
import { readCartForLoan } from "../../lib/ledger/cart-snapshot"

export const readLoanCartStepId = "bnpl-read-loan-cart"

export interface LoanCartInput {
  cart_id: string
  payment_collection_id: string
  /** Set when the collection is an order's balance (Medusa's payment link), not a cart's. */
  balance?: OrderBalance
}

/**
 * What the loan request needs from the collection's cart or order balance, read from the
 * database and never from what a storefront sent (lib/bnpl/cart-snapshot.ts), and whether it
 * is paid already. Reads only; run under the cart's lock.
 */
export const readLoanCartStep = createStep(readLoanCartStepId, async (input: LoanCartInput, { container }) => {
  const read = input.balance ? readBalanceForLoan(container, input.balance) : readCartForLoan(container, input.cart_id, input.payment_collection_id)
  return new StepResponse(await read)
})
