import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { rowOfLoan } from "../../lib/ledger/ledger"
import { cartHolder } from "../../modules/bnpl/holder"
import { cartTotal } from "../../lib/medusa/queries"
import { loanAtService } from "../../lib/ledger/loan-at-service"
import { paidLoanVerdict } from "../../lib/money/paid-loan"
import { sameAmount, toDecimal } from "../../lib/service/money"
import { isPaid } from "../../lib/service/status"
import type { LedgerLoan } from "../../modules/bnpl/types"
import type { CartCompletion } from "./read-cart-completion"

export const checkCartCompletionStepId = "bnpl-check-cart-completion"

/** Why the storefront's completion of a cart is refused, in the shopper's words. */
export const COMPLETION_REFUSALS = {
  cart_changed:
    "This cart changed after its installment payment. Choose Pay in installments again to pay the new total; the earlier payment is returned.",
  loan_refunded: "This installment payment was returned and cannot pay for the order. Choose Pay in installments again.",
} as const

export type CompletionRefusal = keyof typeof COMPLETION_REFUSALS

interface RefusedLoanListing {
  ledger_id: string
  reason: string
  while_state: LedgerLoan["state"]
  loan_status: LedgerLoan["loan_status"]
}

/** The check's finding: a refusal (with the loan to list for the admin), or the row whose completion starts. */
export interface CompletionCheck {
  refusal?: CompletionRefusal
  /** The input of list-loan.ts's workflow. */
  listing?: RefusedLoanListing
  /**
   * The open row the completion marks as started, like the confirmation does: a crash in it is then
   * known. The row as read here: the cart's lock, held from this read to the mark, keeps it as it is.
   */
  mark?: { row: LedgerLoan }
}

/**
 * Under the cart's lock, before Medusa's route completes the cart. A cart whose total moved away
 * from its loan's amount (code that changed the cart without refreshing its payment collection)
 * is refused: Medusa's completion would place an order the loan does not pay for. The loan stays
 * as it is: selecting the method again refunds it before a new loan (start-loan-session.ts).
 * A loan refunded at the service (or that may be) never pays a new order: the shopper starts
 * again, the admin sees why on the attention list. Reads only; the writes are the workflow's.
 */
export const checkCartCompletionStep = createStep(checkCartCompletionStepId, async (input: CartCompletion, { container }) => {
  const { cart_id: cartId, loan, linked } = input
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const [row, total] = await Promise.all([rowOfLoan(container, loan.loan_id), cartTotal(container, cartHolder(cartId))])
  if (!linked && total !== undefined && !sameAmount(total, input.session_amount)) {
    logger.warn(`[bnpl] cart ${cartId} totals ${toDecimal(total)}, but its loan ${loan.loan_id} is for ${toDecimal(loan.amount)}: completion refused`)
    return new StepResponse<CompletionCheck>({ refusal: "cart_changed" })
  }
  const listing = !linked && row ? await refundedLoanListing(container, cartId, row) : undefined
  if (listing) {
    logger.warn(`[bnpl] cart ${cartId}: completion refused: ${listing.reason}`)
    return new StepResponse<CompletionCheck>({ refusal: "loan_refunded", listing })
  }
  const mark = row && row.state === "open" && !row.completion_started_at ? { row } : undefined
  return new StepResponse<CompletionCheck>({ mark })
})

/** The listing of a paid loan that may not pay a new order (paidLoanVerdict), or nothing when it pays. */
async function refundedLoanListing(container: MedusaContainer, cartId: string, row: LedgerLoan): Promise<RefusedLoanListing | undefined> {
  const found = await loanAtService(container, cartId, row.loan_id)
  const { loan } = found
  const paid = loan && isPaid(loan) ? paidLoanVerdict(loan, cartId, found) : undefined
  if (!loan || !paid || paid.verdict === "pays") return undefined
  return { ledger_id: row.id, reason: paid.reason, while_state: row.state, loan_status: loan.status }
}
