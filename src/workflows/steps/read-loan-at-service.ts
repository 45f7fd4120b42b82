import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { bnplFromContainer } from "../../lib/bnpl/resolve-options"
import type { LoanFacts } from "../../lib/ledger/confirmation"
import { bookOfCart } from "../../lib/ledger/refund-book"

export const readLoanAtServiceStepId = "bnpl-read-loan-at-service"

/**
 * The status query, the refund history and the book of the cart. Read together, and beside
 * Medusa's facts of the cart (the confirmation runs this step in parallel with readCartOfLoanStep):
 * each waits on a different server, and a webhook for a loan the ledger has settled never gets
 * this far (src/api/hooks/bnpl/confirm-notified-loan.ts). Reads only.
 */
export const readLoanAtServiceStep = createStep(readLoanAtServiceStepId, async (input: { cart_id: string; loan_id: number }, { container }) => {
  const { client } = bnplFromContainer(container)
  const [loans, history, book] = await Promise.all([
    client.getLoans(input.cart_id),
    client.getRefunds(input.cart_id),
    bookOfCart(container, input.cart_id),
  ])
  const found: LoanFacts = { loan: loans.find((candidate) => candidate.loanId === input.loan_id), loans, history, book }
  return new StepResponse(found)
})
