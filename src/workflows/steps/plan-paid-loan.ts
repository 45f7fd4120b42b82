import type { BigNumberInput, MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { sameAmount, toDecimal } from "../../lib/service/money"
import { isPaid } from "../../lib/service/status"
import { undecidedLoansOf } from "../../lib/ledger/ledger"
import type { LoanHolder } from "../../modules/bnpl/holder"
import { cartTotal } from "../../lib/medusa/queries"
import { bnplFromContainer } from "../../lib/options/resolve-options"
import { loanAtService } from "../../lib/ledger/loan-at-service"
import { paidLoanVerdict } from "../../lib/money/paid-loan"

export const planPaidLoanStepId = "bnpl-plan-paid-loan"

/** A paid loan its cart can no longer take: refunded in full before the new loan. */
export interface ReplacedLoan {
  ledger_id: string
  service_cart_id: string
  loan_id: number
  /** Why the loan cannot pay the cart, for the row and the log. */
  reason: string
}

export interface PaidLoanPlan {
  /**
   * The paid loan the new session takes over instead of a new loan, with the `cartId` the service
   * knows it by (a sale by phone's is not the collection's): the session's `service_cart_id`.
   */
  adopt?: { loanId: number; checkoutUrl: string; rowId: string; cartId: string }
  replaced: ReplacedLoan[]
}

/**
 * The rule for a holder's paid loans when a new session is asked for. A paid loan outranks a new
 * selection: while what the holder asks (a cart's total, a balance's collection) still equals the
 * paid loan's, the new session takes that loan over (no second loan, and the paid one pays). The
 * loans are every undecided loan of the holder (ledger.ts, `undecidedLoansOf`): for an order's
 * balance, a sale by phone's beside the payment link's, each asked by its own `cartId`. A paid
 * loan the holder can no longer take (the amount changed, or it was partly refunded) is to be
 * refunded in full first. While a refund of a paid loan is unclear, no new loan is made: the step
 * refuses. Reads only; run under the holder's lock.
 */
export const planPaidLoanStep = createStep(planPaidLoanStepId, async (input: { holder: LoanHolder }, { container }) => {
  return new StepResponse(await planPaidLoan(container, input.holder))
})

async function planPaidLoan(container: MedusaContainer, holder: LoanHolder): Promise<PaidLoanPlan> {
  const replaced: ReplacedLoan[] = []
  const rows = await undecidedLoansOf(container, holder)
  if (!rows.length) return { replaced }
  const { client } = bnplFromContainer(container)
  const loansOf = byCartId((cartId) => client.getLoans(cartId))
  let total: Promise<BigNumberInput | undefined> | undefined
  for (const row of rows) {
    const cartId = row.service_cart_id
    const loans = await loansOf(cartId)
    const loan = loans.find((l) => l.loanId === row.loan_id)
    if (!loan || !isPaid(loan)) continue
    // The history and the book only when a loan is paid: a shopper choosing the method again costs one status query per cartId.
    total ??= cartTotal(container, holder)
    const [found, asked] = await Promise.all([loanAtService(container, cartId, loan.loanId, { loans }), total])
    const paid = paidLoanVerdict(loan, cartId, found)
    if (paid.verdict === "unclear") {
      container.resolve("logger").warn(`[bnpl] cart ${cartId}: no new loan while a refund of paid loan ${loan.loanId} is unclear: ${paid.reason}`)
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "This cart's earlier installment payment is being checked by the store. Try again later.")
    }
    if (paid.verdict === "closed") continue
    if (paid.verdict === "pays" && asked !== undefined && sameAmount(loan.totalAmount, asked)) {
      return { adopt: { loanId: loan.loanId, checkoutUrl: row.checkout_url ?? "", rowId: row.id, cartId }, replaced }
    }
    const reason =
      paid.verdict === "refund"
        ? `loan ${loan.loanId} was partly refunded after it was paid`
        : `the ${holder.type === "cart" ? "cart" : "balance"} changed to ${asked === undefined ? "?" : toDecimal(asked)} after loan ${loan.loanId} was paid for ${loan.totalAmount}`
    replaced.push({ ledger_id: row.id, service_cart_id: cartId, loan_id: loan.loanId, reason })
  }
  return { replaced }
}

/** Each `cartId`'s status query asked once, however many rows share it. */
function byCartId<T>(ask: (cartId: string) => Promise<T>): (cartId: string) => Promise<T> {
  const asked = new Map<string, Promise<T>>()
  return (cartId) => {
    let answer = asked.get(cartId)
    if (!answer) asked.set(cartId, (answer = ask(cartId)))
    return answer
  }
}
