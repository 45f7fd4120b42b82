import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { type OrderBalance, readBalanceForLoan } from "../../lib/medusa/balance-snapshot"
import { readCartForLoan } from "../../lib/medusa/cart-for-loan"
import { bnplFromContainer } from "../../lib/options/resolve-options"

export const readLoanCartStepId = "bnpl-read-loan-cart"

export interface LoanCartInput {
  cart_id: string
  payment_collection_id: string
  /** The provider the session is asked for, for Medusa's region check; the plugin's provider when absent. */
  provider_id?: string
  /** Set when the collection is an order's balance (Medusa's payment link), not a cart's. */
  balance?: OrderBalance
}

/**
 * What the loan request needs from the collection's cart or order balance, read from the
 * database and never from what a storefront sent (lib/medusa/cart-snapshot.ts), and whether it
 * is paid already, with what Medusa's session creation reads of the collection (its amount, its
 * sessions, the region check). Reads only; run under the cart's lock.
 */
export const readLoanCartStep = createStep(readLoanCartStepId, async (input: LoanCartInput, { container }) => {
  const read = input.balance
    ? readBalanceForLoan(container, input.balance)
    : readCartForLoan(container, {
        cartId: input.cart_id,
        paymentCollectionId: input.payment_collection_id,
        providerId: input.provider_id ?? bnplFromContainer(container).providerId,
      })
  return new StepResponse(await read)
})
