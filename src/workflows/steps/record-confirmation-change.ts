import type { MedusaContainer } from "@medusajs/framework/types"
import { recordCompletionFailure, recordHeldBy, heldBy } from "../../lib/ledger/confirmation-records"
import { type Confirmation, type Decision, failureAnswer, type LoanFacts } from "../../lib/money/confirmation"
import { ledgerOf } from "../../lib/ledger/ledger"
import { bookOutsideRefunds } from "../../lib/money/refund-book"
import type { LedgerLoan } from "../../modules/bnpl/types"
import { ledgerChangeStep } from "./ledger-change-step"

/**
 * The ledger's side of a confirmation that ends before the completion, one step per kind of
 * change (src/lib/money/confirmation.ts decides which): each answers the confirmation.
 */
export interface ConfirmationChange {
  row: LedgerLoan
  decision: Decision
  /** What the service answered, when it was asked. */
  found?: LoanFacts
}

/** The decision, as the step that runs under its `when` expects it. */
function decided<K extends Decision["change"]>(change: ConfirmationChange, kind: K): Extract<Decision, { change: K }> {
  if (change.decision.change !== kind) throw new Error(`a ${kind} step ran for a ${change.decision.change} decision`)
  return change.decision as Extract<Decision, { change: K }>
}

/** The cart's order holds the loan: the row says so now. */
export const recordHeldByOrderStep = ledgerChangeStep("bnpl-record-held-by-order", async (input: ConfirmationChange, container: MedusaContainer) => {
  const decision = decided(input, "held_by")
  const { change } = await recordHeldBy(container, heldBy(input.row, decision.confirmation.orderId))
  return { output: decision.confirmation as Confirmation, change }
})

/** Not paid: the row learns the status the query answered. */
export const recordLoanStatusStep = ledgerChangeStep("bnpl-record-loan-status", async (input: ConfirmationChange, container) => {
  const decision = decided(input, "status")
  const change = await ledgerOf(container).recordLoanStatus(input.row, decision.loanStatus)
  return { output: decision.confirmation, change }
})

/** A refund of the loan (or one that may be) keeps it from paying an order: the history's unexplained refunds are booked, the loan listed. */
export const listRefundedLoanStep = ledgerChangeStep("bnpl-list-refunded-loan", async (input: ConfirmationChange, container) => {
  const decision = decided(input, "list")
  const { row, found } = input
  await bookOutsideRefunds(container, row.service_cart_id, found!.history, found!.loans, found!.book)
  const change = await ledgerOf(container).listForAttention(row, decision.reason, decision.loanStatus)
  return { output: decision.confirmation, change }
})

/** A paid loan its cart cannot take: a failed completion, counted; the attention list's once the attempts are used up. */
export const recordCartRefusedLoanStep = ledgerChangeStep("bnpl-record-cart-refused-loan", async (input: ConfirmationChange, container) => {
  const decision = decided(input, "failure")
  const { attention, change } = await recordCompletionFailure(container, input.row, decision.reason, decision.loanStatus)
  return { output: failureAnswer(decision.confirmation, decision.reason, attention), change }
})

/** The completion starts: the status the loan was seen paid in, and the start's mark (see the service). */
export const recordCompletionStartedStep = ledgerChangeStep("bnpl-record-completion-started", async (input: ConfirmationChange, container) => {
  const decision = decided(input, "start")
  const change = await ledgerOf(container).recordCompletionStarted(input.row, decision.loanStatus)
  return { output: change?.row ?? input.row, change }
})
