import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { CartFacts } from "../../lib/money/confirmation"
import type { LoanHolder } from "../../modules/bnpl/holder"
import { ledgerOf } from "../../lib/ledger/ledger"
import { cartPaymentAndTotal, sessionOfLoan } from "../../lib/medusa/queries"

export const readCartOfLoanStepId = "bnpl-read-cart-of-loan"

/**
 * What Medusa and the ledger hold of a loan's cart: its session of the loan, its order, the loan's
 * row, and what the cart totals now. The total is read beside the rest, not after it: it is the
 * slowest read of the confirmation (totals are computed), and a cart that is an order already
 * (rare on this path) is its only waste. Reads only.
 */
export const readCartOfLoanStep = createStep(
  readCartOfLoanStepId,
  async (input: { holder: LoanHolder; service_cart_id: string; loan_id: number; force?: boolean }, { container }) => {
    const [[cart, total], row] = await Promise.all([
      cartPaymentAndTotal(container, input.holder),
      ledgerOf(container).findLoan({ loan_id: input.loan_id }),
    ])
    const session = sessionOfLoan(cart.sessions, input.loan_id)
    const facts: CartFacts = {
      cartId: input.service_cart_id,
      holder: input.holder,
      loanId: input.loan_id,
      force: !!input.force,
      session,
      otherAuthorized: cart.sessions.some((s) => s.id !== session?.id && s.status === "authorized"),
      paymentCollectionId: cart.paymentCollectionId,
      paymentCollectionCanceled: cart.paymentCollectionCanceled,
      orderId: cart.orderId,
      row,
      cartTotal: total,
      collectionAmount: cart.paymentCollectionAmount,
    }
    return new StepResponse(facts)
  },
)
