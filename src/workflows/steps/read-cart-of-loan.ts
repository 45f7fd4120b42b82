import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { CartFacts } from "../../lib/ledger/confirmation"
import { ledgerOf } from "../../lib/ledger/ledger"
import { cartPayment, sessionOfLoan } from "../../lib/ledger/queries"

export const readCartOfLoanStepId = "bnpl-read-cart-of-loan"

/** What Medusa and the ledger hold of a loan's cart: its session of the loan, its order, the loan's row. Reads only. */
export const readCartOfLoanStep = createStep(
  readCartOfLoanStepId,
  async (input: { cart_id: string; loan_id: number; force?: boolean }, { container }) => {
    const [cart, row] = await Promise.all([cartPayment(container, input.cart_id), ledgerOf(container).findLoan({ loan_id: input.loan_id })])
    const session = sessionOfLoan(cart.sessions, input.loan_id)
    const facts: CartFacts = {
      cartId: input.cart_id,
      loanId: input.loan_id,
      force: !!input.force,
      session,
      otherAuthorized: cart.sessions.some((s) => s.id !== session?.id && s.status === "authorized"),
      paymentCollectionId: cart.paymentCollectionId,
      paymentCollectionCanceled: cart.paymentCollectionCanceled,
      orderId: cart.orderId,
      row,
    }
    return new StepResponse(facts)
  },
)
