import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { bnplFromContainer } from "../../lib/bnpl/resolve-options"
import type { CartFacts, LoanFacts } from "../../lib/ledger/confirmation"
import { orderOfPaymentCollection } from "../../lib/ledger/queries"
import { bookOfCart } from "../../lib/ledger/refund-book"

export const readLoanAtServiceStepId = "bnpl-read-loan-at-service"

/**
 * The status query, the refund history and the book of the cart, with any order a cut-short
 * completion left holding its payment collection (only when a completion with the loan started
 * and never ended, as every completion with it marks the row first, or when the row was written
 * just now and carries no marks). Read together: each waits on a different server. Reads only.
 */
export const readLoanAtServiceStep = createStep(readLoanAtServiceStepId, async (facts: CartFacts, { container }) => {
  const { client } = bnplFromContainer(container)
  const open = !facts.orderId
  const [loans, history, book, halfMadeOrderId] = await Promise.all([
    client.getLoans(facts.cartId),
    client.getRefunds(facts.cartId),
    bookOfCart(container, facts.cartId),
    open && facts.paymentCollectionId && (facts.row?.completion_started_at || facts.rowRecordedNow)
      ? orderOfPaymentCollection(container, facts.paymentCollectionId)
      : undefined,
  ])
  const found: LoanFacts = {
    loan: loans.find((candidate) => candidate.loanId === facts.loanId),
    loans,
    history,
    book,
    halfMadeOrderId,
  }
  return new StepResponse(found)
})
