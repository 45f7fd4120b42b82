import { createWorkflow, parallelize, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { type Confirmation, type Decision, decideBeforeService, decideWithService, mayHoldHalfMadeOrder } from "../lib/money/confirmation"
import type { LedgerLoan } from "../modules/bnpl/types"
import { type LoanHolder, serviceCartId } from "../modules/bnpl/holder"
import { lockHolder, unlockHolders } from "./holder-locks"
import { authorizeLoanSessionStep } from "./steps/authorize-loan-session"
import { readCartOfLoanStep } from "./steps/read-cart-of-loan"
import { readHalfMadeOrderStep } from "./steps/read-half-made-order"
import { readLoanAtServiceStep } from "./steps/read-loan-at-service"
import { recordCompletionOutcomeStep } from "./steps/record-completion-outcome"
import {
  type ConfirmationChange,
  listRefundedLoanStep,
  recordCartRefusedLoanStep,
  recordCompletionStartedStep,
  recordHeldByOrderStep,
  recordLoanStatusStep,
} from "./steps/record-confirmation-change"
import { recordLoanOfSessionStep } from "./steps/record-loan-of-session"
import { rollForwardCompletionStep } from "./steps/roll-forward-completion"
import { confirmationSpan } from "../lib/telemetry/confirmation-span"
import type { MedusaContainer } from "@medusajs/framework/types"

export type { Confirmation } from "../lib/money/confirmation"

/**
 * Turns a paid loan into an order: the one path of the webhook route,
 * reconciliation and the admin's "retry completion".
 *
 * Nothing trusts the caller beyond the two ids: the session must be a
 * session of the plugin's provider, of that cart, holding that loan, and the status query
 * must show the loan paid for exactly the session's amount. The cart's loans
 * are serialized with the plugin's cart lock (shared across instances with a
 * Redis locking provider); processPaymentWorkflow and cart completion are
 * idempotent per cart, so duplicates and races end in one order.
 *
 * A completion that a crash cut short is rolled forward, never back: an order
 * that already holds the cart's payment collection is the cart's order, so
 * the cart is linked to it and the loan authorized onto it (Medusa's
 * "authorize-existing-order" branch). An order that only looks like it (no
 * link to the payment collection) is not touched: the cart completes, and the
 * look-alike goes on the admin's attention list beside the real one.
 *
 * As Medusa's core flows: read steps, the decision in `transform`
 * (src/lib/money/confirmation.ts), then one write step for the outcome.
 */
export interface ConfirmLoanInput {
  /** What the loan pays (modules/bnpl/holder.ts): where its session and order are found in Medusa. */
  holder: LoanHolder
  loan_id: number
  /** The admin's retry: try even when the loan is on the attention list. */
  force?: boolean
}

const is =
  <K extends Decision["change"]>(kind: K) =>
  ({ decision }: { decision?: Decision }) =>
    decision?.change === kind

export const confirmLoanWorkflow = createWorkflow("bnpl-confirm-loan", (confirming: ConfirmLoanInput) => {
  // The lock is the holder's, taken from the caller's holder with no read; the service knows the loan by its cartId.
  const input = transform({ confirming }, ({ confirming }) => ({ ...confirming, service_cart_id: serviceCartId(confirming.holder) }))
  const locks = lockHolder(input)
  // Medusa's facts and the service's answers are read at once: the service is asked even when
  // Medusa's facts alone decide, which the ledger's answer to a settled loan's copies makes rare.
  const [seen, service] = parallelize(readCartOfLoanStep(input), readLoanAtServiceStep(input))
  const recorded = when("bnpl-loan-has-no-row", { seen }, ({ seen }) => !!seen.session && !seen.row).then(() => recordLoanOfSessionStep(seen))
  const facts = transform({ seen, recorded }, ({ seen, recorded }) => ({ ...seen, row: seen.row ?? recorded, rowRecordedNow: !seen.row }))
  const early = transform({ facts }, ({ facts }) => decideBeforeService(facts))
  const halfMade = when("bnpl-may-hold-half-made-order", { facts, early }, ({ facts, early }) => !early && mayHoldHalfMadeOrder(facts)).then(() =>
    readHalfMadeOrderStep(transform({ facts }, ({ facts }) => ({ payment_collection_id: facts.paymentCollectionId! }))),
  )
  const found = transform({ service, halfMade }, ({ service, halfMade }) => ({ ...service, halfMadeOrderId: halfMade ?? undefined }))
  const decision = transform({ facts, early, found }, ({ facts, early, found }) => early ?? decideWithService(facts, found))
  // Each write step takes the row and the decision; only the listing needs what the service answered.
  const change = transform({ facts, decision }, ({ facts, decision }): ConfirmationChange => ({ row: facts.row!, decision }))

  const heldBy = when("bnpl-order-holds-loan", { decision }, is("held_by")).then(() => recordHeldByOrderStep(change))
  const learned = when("bnpl-loan-not-paid", { decision }, is("status")).then(() => recordLoanStatusStep(change))
  const listed = when("bnpl-loan-has-refund", { decision }, is("list")).then(() =>
    listRefundedLoanStep(transform({ change, found }, ({ change, found }) => ({ ...change, found }))),
  )
  const refused = when("bnpl-cart-refuses-loan", { decision }, is("failure")).then(() => recordCartRefusedLoanStep(change))
  const completed = when("bnpl-complete-cart", { decision }, is("start")).then(() => {
    // Only a cart's loan completes a cart, and the service knows a cart's loan by the cart's id.
    const started = recordCompletionStartedStep(change)
    const rolledForward = rollForwardCompletionStep(
      transform({ input, found }, ({ input, found }) => ({ cart_id: input.service_cart_id, order_id: found.halfMadeOrderId })),
    )
    const authorization = authorizeLoanSessionStep(
      transform({ input, facts, found }, ({ input, facts, found }) => ({
        holder: input.holder,
        session_id: facts.session!.id,
        session_amount: facts.session!.amount,
        loan: found.loan!,
        order_exists: !!facts.orderId || !!found.halfMadeOrderId,
      })),
    )
    return recordCompletionOutcomeStep(
      transform({ input, decision, started, rolledForward, authorization }, (d) => ({
        cart_id: d.input.service_cart_id,
        loan_id: d.input.loan_id,
        row: d.started as LedgerLoan,
        interrupted: d.decision.change === "start" && d.decision.interrupted,
        rolledForward: d.rolledForward,
        authorization: d.authorization,
      })),
    )
  })
  unlockHolders(locks)
  const confirmation = transform({ decision, heldBy, learned, listed, refused, completed }, (d): Confirmation => {
    const written = d.heldBy ?? d.learned ?? d.listed ?? d.refused ?? d.completed
    return (written as Confirmation | undefined) ?? (d.decision as Extract<Decision, { change: "none" }>).confirmation
  })
  return new WorkflowResponse(confirmation)
})

/** Runs the confirmation as the webhook, reconciliation and the routes do: inside its span (`bnpl.confirmation`). */
export const confirmLoan = (container: MedusaContainer, input: ConfirmLoanInput) =>
  confirmationSpan(input, () => confirmLoanWorkflow(container).run({ input }))
