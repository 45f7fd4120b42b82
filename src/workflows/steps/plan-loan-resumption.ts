import type { BigNumberInput } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { sameAmount } from "../../lib/service/money"
import { bnplFromContainer } from "../../lib/options/resolve-options"
import { isPaid } from "../../lib/service/status"
import type { LoanRecord } from "../../lib/service/wire"
import type { CartForLoan } from "../../lib/medusa/cart-for-loan"
import type { LoanAtService } from "../../lib/ledger/loan-at-service"
import { paidLoanVerdict } from "../../lib/money/paid-loan"
import { type CartPayment, sessionOfLoan } from "../../lib/medusa/queries"
import type { LedgerLoan } from "../../modules/bnpl/types"

export const planLoanResumptionStepId = "bnpl-plan-loan-resumption"

/** The payment session that takes a paid loan over: the input of Medusa's createPaymentSessionsWorkflow. */
export interface LoanResumption {
  payment_collection_id: string
  provider_id: string
  data: Record<string, unknown>
}

/**
 * Whether a paid loan that no payment session holds can be taken over by a new session of its
 * cart, read in three stages so that each read is made only when the one before allows it:
 * 1. `collectionToResume`: the cart is still open (an order balance's collection not cancelled),
 *    with no session holding the loan;
 * 2. `loanToResume`: the status query shows the loan paid, no order holds the loan's cart (an
 *    order's balance is its order's from the start), the
 *    cart's payment collection is for the loan's amount and currency, and the loan's verdict lets it
 *    pay (paid-loan.ts);
 * 3. planLoanResumptionStep: the cart is not paid otherwise (readLoanCartStep's `paid`).
 */

/** Stage 1: the cart's payment collection, when a new session in it could take the loan over; null otherwise. */
export function collectionToResume(cart: CartPayment, loanId: number): string | null {
  if (!cart.exists || cart.completedAt || cart.paymentCollectionCanceled || !cart.paymentCollectionId || sessionOfLoan(cart.sessions, loanId))
    return null
  return cart.paymentCollectionId
}

/** Stage 2: the loan, when it may pay the collection; null otherwise. */
export function loanToResume(
  row: LedgerLoan,
  found: LoanAtService,
  orderId: string | null,
  collection: { amount: BigNumberInput; currency_code: string },
): LoanRecord | null {
  const { loan } = found
  // An order's balance belongs to its order from the start; a cart's loan resumes only before one.
  if (!loan || !isPaid(loan) || (orderId && row.holder !== "order_balance")) return null
  if (!sameAmount(loan.totalAmount, collection.amount) || collection.currency_code !== row.currency_code) return null
  if (paidLoanVerdict(loan, row.service_cart_id, found).verdict !== "pays") return null
  return loan
}

export interface ResumptionFacts {
  row: LedgerLoan
  payment_collection_id: string | null
  /** Stage 2's answer; absent when an earlier stage said no. */
  loan?: LoanRecord | null
  /** The cart as the loan request reads it; absent when an earlier stage said no. */
  cart?: CartForLoan
}

/** Stage 3: the session that takes the loan over, or null. Reads only the provider's id. */
export const planLoanResumptionStep = createStep(planLoanResumptionStepId, async (input: ResumptionFacts, { container }) => {
  const { row, loan, cart } = input
  if (!input.payment_collection_id || !loan || !cart || cart.paid) return new StepResponse<LoanResumption | null>(null)
  const adoptLoan = { loanId: loan.loanId, checkoutUrl: row.checkout_url ?? "" }
  return new StepResponse<LoanResumption | null>({
    payment_collection_id: input.payment_collection_id,
    provider_id: bnplFromContainer(container).providerId,
    // The loan keeps the cartId the service knows it by (a sale by phone's is not the collection's).
    data: { cart: { ...cart.snapshot, cartId: row.service_cart_id, adoptLoan } },
  })
})
