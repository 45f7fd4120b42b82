import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { sameAmount } from "../../lib/bnpl/money"
import { bnplFromContainer } from "../../lib/bnpl/resolve-options"
import { isPaid } from "../../lib/bnpl/status"
import { readCartForLoan } from "../../lib/ledger/cart-snapshot"
import { ledgerOf } from "../../lib/ledger/ledger"
import { holderOfRow } from "../../lib/ledger/holder"
import { cartPayment, orderOfHolder, sessionOfLoan } from "../../lib/ledger/queries"
import { loanAtService } from "../../lib/ledger/loan-at-service"
import { paidLoanVerdict } from "../../lib/ledger/paid-loan"

export const planLoanResumptionStepId = "bnpl-plan-loan-resumption"

/** The payment session that takes a paid loan over: the input of Medusa's createPaymentSessionsWorkflow. */
export interface LoanResumption {
  payment_collection_id: string
  provider_id: string
  data: Record<string, unknown>
}

/**
 * Decides whether a paid loan that no payment session holds can be taken over by a new
 * session of its cart, and with what: only when the status query shows it paid, the cart is
 * still open with no order and no session holding the loan, its payment collection is for the
 * loan's amount and currency, its verdict lets it pay (paid-loan.ts), and the
 * cart is not paid otherwise. Answers null otherwise. Reads only; run under the cart's lock.
 */
export const planLoanResumptionStep = createStep(planLoanResumptionStepId, async (input: { ledger_id: string }, { container }) => {
  return new StepResponse(await planLoanResumption(container, input.ledger_id))
})

async function planLoanResumption(container: MedusaContainer, ledgerId: string): Promise<LoanResumption | null> {
  const row = await ledgerOf(container).retrieveBnplLoan(ledgerId)
  const cart = await cartPayment(container, holderOfRow(row))
  if (!cart.exists || cart.completedAt || !cart.paymentCollectionId || sessionOfLoan(cart.sessions, row.loan_id)) return null
  const collectionId = cart.paymentCollectionId
  const [found, orderId, collection] = await Promise.all([
    loanAtService(container, row.cart_id, row.loan_id),
    orderOfHolder(container, holderOfRow(row)),
    container.resolve(Modules.PAYMENT).retrievePaymentCollection(collectionId, { select: ["amount", "currency_code"] }),
  ])
  const { loan } = found
  if (!loan || !isPaid(loan) || orderId) return null
  if (!sameAmount(loan.totalAmount, collection.amount) || collection.currency_code !== row.currency_code) return null
  if (paidLoanVerdict(loan, row.cart_id, found).verdict !== "pays") return null
  const { snapshot, paid } = await readCartForLoan(container, row.cart_id, collectionId)
  if (paid) return null
  const adoptLoan = { loanId: loan.loanId, checkoutUrl: row.checkout_url ?? "" }
  return { payment_collection_id: collectionId, provider_id: bnplFromContainer(container).providerId, data: { cart: { ...snapshot, adoptLoan } } }
}
