import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { sameAmount, toDecimal } from "../../lib/bnpl/money"
import { isPaid } from "../../lib/bnpl/status"
import { ledgerOf } from "../../lib/ledger/ledger"
import type { LoanHolder } from "../../lib/ledger/holder"
import { cartTotal } from "../../lib/ledger/queries"
import { bnplFromContainer } from "../../lib/bnpl/resolve-options"
import { bookOfCart } from "../../lib/ledger/loan-at-service"
import { paidLoanVerdict } from "../../lib/ledger/paid-loan"

export const planPaidLoanStepId = "bnpl-plan-paid-loan"

/** A paid loan its cart can no longer take: refunded in full before the new loan. */
export interface ReplacedLoan {
  ledger_id: string
  cart_id: string
  loan_id: number
  /** Why the loan cannot pay the cart, for the row and the log. */
  reason: string
}

export interface PaidLoanPlan {
  /** The paid loan the new session takes over instead of a new loan. */
  adopt?: { loanId: number; checkoutUrl: string; rowId: string }
  replaced: ReplacedLoan[]
}

/**
 * The rule for a cart's paid loans when a new session is asked for. A paid loan outranks a new
 * selection: while the cart's total still equals the paid loan's, the new session takes that
 * loan over (no second loan, and the paid one becomes the order). A paid loan the cart can no
 * longer take (the total changed, or it was partly refunded) is to be refunded in full first.
 * While a refund of the cart's paid loan is unclear, no new loan is made: the step refuses.
 * Reads only; run under the cart's lock.
 */
export const planPaidLoanStep = createStep(planPaidLoanStepId, async (input: { cart_id: string; holder: LoanHolder }, { container }) => {
  return new StepResponse(await planPaidLoan(container, input.cart_id, input.holder))
})

async function planPaidLoan(container: MedusaContainer, cartId: string, holder: LoanHolder): Promise<PaidLoanPlan> {
  const replaced: ReplacedLoan[] = []
  const rows = await ledgerOf(container).listUndecidedLoansOfCart(cartId)
  if (!rows.length) return { replaced }
  const { client } = bnplFromContainer(container)
  const loans = await client.getLoans(cartId)
  for (const row of rows) {
    const loan = loans.find((l) => l.loanId === row.loan_id)
    if (!loan || !isPaid(loan)) continue
    // The history and the book only when a loan is paid: a shopper choosing the method again costs one status query.
    const [history, book, total] = await Promise.all([client.getRefunds(cartId), bookOfCart(container, cartId), cartTotal(container, holder)])
    const paid = paidLoanVerdict(loan, cartId, { history, book })
    if (paid.verdict === "unclear") {
      container.resolve("logger").warn(`[bnpl] cart ${cartId}: no new loan while a refund of paid loan ${loan.loanId} is unclear: ${paid.reason}`)
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "This cart's earlier installment payment is being checked by the store. Try again later.")
    }
    if (paid.verdict === "closed") continue
    if (paid.verdict === "pays" && total !== undefined && sameAmount(loan.totalAmount, total)) {
      return { adopt: { loanId: loan.loanId, checkoutUrl: row.checkout_url ?? "", rowId: row.id }, replaced }
    }
    const reason =
      paid.verdict === "refund"
        ? `loan ${loan.loanId} was partly refunded after it was paid`
        : `the cart changed to ${total === undefined ? "?" : toDecimal(total)} after loan ${loan.loanId} was paid for ${loan.totalAmount}`
    replaced.push({ ledger_id: row.id, cart_id: cartId, loan_id: loan.loanId, reason })
  }
  return { replaced }
}
