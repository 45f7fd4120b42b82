import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import {
  ensureRow,
  heldBy,
  recordCompletionFailure,
  recordHeldBy,
  type RowPatchUndo,
  undoBoth,
  undoRowPatch,
} from "../lib/ledger/confirmation-records"
import { emitRowUndoable } from "../lib/ledger/emit-events"
import { awaitsOrder, type LedgerPatch, patchRow } from "../lib/ledger/ledger"
import { acquireCartLockStep } from "./steps/acquire-cart-lock"
import { releaseCartLockStep } from "./steps/release-cart-lock"
import { cartPayment, cartTotal, orderOfCart, orderOfPaymentCollection, sessionOfLoan } from "../lib/ledger/queries"
import { bookOfCart, bookOutsideRefunds, refundBlock } from "../lib/ledger/refund-book"
import { withConfirmedLoan } from "../providers/bnpl/confirmed-loan"
import { duringCompletion } from "../lib/ledger/during-completion"
import { bnplFromContainer } from "../lib/bnpl/resolve-options"
import type { LoanRecord } from "../lib/bnpl/wire"
import { sameAmount, toDecimal } from "../lib/bnpl/money"
import { CONFIRMABLE_SESSION, isPaid } from "../lib/bnpl/status"
import { PaymentSessionStatus } from "@medusajs/framework/utils"

/**
 * Turns a paid loan into an order: the one path of the webhook route,
 * reconciliation and the admin's "retry completion".
 *
 * Nothing trusts the caller beyond the two ids: the session must be a
 * pp_bnpl_bnpl session of that cart holding that loan, and the status query
 * must show the loan paid for exactly the session's amount. The cart's loans
 * are serialized with Medusa's lock steps (shared across instances with a
 * Redis locking provider); processPaymentWorkflow and cart completion are
 * idempotent per cart, so duplicates and races end in one order.
 *
 * A completion that a crash cut short is rolled forward, never back: an order
 * that already holds the cart's payment collection is the cart's order, so
 * the cart is linked to it and the loan authorized onto it (Medusa's
 * "authorize-existing-order" branch). An order that only looks like it (no
 * link to the payment collection) is not touched: the cart completes, and the
 * look-alike goes on the admin's attention list beside the real one.
 */
export interface ConfirmLoanInput {
  cart_id: string
  loan_id: number
  /** The admin's retry: try even when the loan is on the attention list. */
  force?: boolean
}

export type Confirmation =
  | { outcome: "authorized"; orderId: string; rolledForward: boolean; suspectOrderId?: string }
  | { outcome: "already_authorized"; orderId: string }
  | { outcome: "no_pending_session" }
  | { outcome: "not_paid"; loanStatus: string }
  | { outcome: "amount_mismatch"; sessionAmount: string; loanAmount: string }
  /** The cart's total moved away from its session's (and paid loan's) amount. */
  | { outcome: "cart_changed"; cartTotal: string; loanAmount: string }
  /** Paid and matching, but the cart did not become an order; `attention` once the attempts are used up. */
  | { outcome: "completion_failed"; reason: string; attention: boolean }
  | { outcome: "needs_attention"; reason: string }

const AUTHORIZED: string[] = [PaymentSessionStatus.AUTHORIZED, PaymentSessionStatus.CAPTURED]

interface Plan {
  confirmation?: Confirmation
  sessionId?: string
  sessionAmount?: number
  /** The status query's answer that found the loan paid: the authorization takes it (confirmed-loan.ts). */
  loan?: LoanRecord
  ledgerId?: string
  /** An order that holds the cart's payment collection while no order is linked to the cart. */
  halfMadeOrderId?: string
  /** An earlier completion with this loan started and never ended in its order. */
  interrupted?: boolean
}

/** Reads and decides; changes only the ledger's knowledge of the loan. */
const planConfirmationStep = createStep(
  "bnpl-plan-confirmation",
  async (input: ConfirmLoanInput, { container, eventGroupId }) => {
    const { plan, undo } = await planConfirmation(container, input)
    await emitRowUndoable(container, undo, eventGroupId)
    return new StepResponse(plan, { undo })
  },
  async (compensation: { undo?: RowPatchUndo } | undefined, { container }) => undoRowPatch(container, compensation?.undo),
)

async function planConfirmation(container: MedusaContainer, input: ConfirmLoanInput): Promise<{ plan: Plan; undo?: RowPatchUndo }> {
  const { cart_id: cartId, loan_id: loanId } = input
  const cart = await cartPayment(container, cartId)
  const session = sessionOfLoan(cart.sessions, loanId)
  if (!session) return { plan: { confirmation: { outcome: "no_pending_session" } } }
  const row = await ensureRow(container, cartId, session, cart.paymentCollectionId)
  const existing = await orderOfCart(container, cartId)
  if (existing && AUTHORIZED.includes(session.status)) {
    // The cart's order holds this loan. A row that does not say so yet (a completion that ended
    // after it was counted as failed, a crash before the row was written) says so now.
    const confirmation: Confirmation = { outcome: "already_authorized", orderId: existing }
    if (!awaitsOrder(row)) return { plan: { confirmation } }
    return { plan: { confirmation }, undo: (await recordHeldBy(container, heldBy(row, existing))).undo }
  }
  if (row.state === "needs_attention" && !input.force) {
    return { plan: { confirmation: { outcome: "needs_attention", reason: row.attention_reason ?? "on the attention list" } } }
  }
  // An order paid some other way must not gain this loan as a second payment.
  if (existing && cart.sessions.some((s) => s.id !== session.id && s.status === "authorized")) {
    return { plan: { confirmation: { outcome: "no_pending_session" } } }
  }
  if (!CONFIRMABLE_SESSION[session.status as PaymentSessionStatus]) return { plan: { confirmation: { outcome: "no_pending_session" } } }

  const { client } = bnplFromContainer(container)
  const [loans, history, book] = await Promise.all([client.getLoans(cartId), client.getRefunds(cartId), bookOfCart(container, cartId)])
  const loan = loans.find((candidate) => candidate.loanId === loanId)
  const learned: LedgerPatch = loan && loan.status !== row.loan_status ? { loan_status: loan.status } : {}
  const learn = async (): Promise<RowPatchUndo | undefined> =>
    Object.keys(learned).length ? { id: row.id, previous: await patchRow(container, row, learned) } : undefined
  if (!loan || !isPaid(loan)) return { plan: { confirmation: { outcome: "not_paid", loanStatus: loan?.status ?? "UNKNOWN" } }, undo: await learn() }
  const blocked = refundBlock(loan, cartId, history, book)
  if (blocked) {
    await bookOutsideRefunds(container, cartId, history, loans, book)
    const previous = await patchRow(container, row, { ...learned, state: "needs_attention", attention_reason: blocked })
    return { plan: { confirmation: { outcome: "needs_attention", reason: blocked } }, undo: { id: row.id, previous } }
  }
  // A paid loan its cart cannot take counts as a failed completion; one undo puts back both writes.
  const failCompletion = async (reason: string, confirmation: Confirmation): Promise<{ plan: Plan; undo: RowPatchUndo }> => {
    const learnedUndo = await learn()
    const failure = await recordCompletionFailure(container, row, reason)
    return {
      plan: { confirmation: failure.attention ? { outcome: "needs_attention", reason } : confirmation },
      undo: undoBoth(learnedUndo, failure.undo),
    }
  }
  if (!sameAmount(loan.totalAmount, session.amount)) {
    return failCompletion(`loan ${loanId} was paid for ${loan.totalAmount}, but its session is for ${toDecimal(session.amount)}`, {
      outcome: "amount_mismatch",
      sessionAmount: toDecimal(session.amount),
      loanAmount: loan.totalAmount,
    })
  }
  const total = existing ? undefined : await cartTotal(container, cartId)
  if (total !== undefined && !sameAmount(total, session.amount)) {
    return failCompletion(`cart ${cartId} now totals ${toDecimal(total)}, but loan ${loanId} was paid for ${loan.totalAmount}`, {
      outcome: "cart_changed",
      cartTotal: toDecimal(total),
      loanAmount: loan.totalAmount,
    })
  }
  const halfMadeOrderId = existing || !cart.paymentCollectionId ? undefined : await orderOfPaymentCollection(container, cart.paymentCollectionId)
  const interrupted = !!row.completion_started_at
  // The completion starts: one write records the status query's answer and marks the start
  // (kept from an earlier start that never ended). Compensation puts back the status only: a
  // started completion stays marked, so that a crash after it is looked into (recordHeldBy).
  const start: LedgerPatch = { ...learned, ...(interrupted ? {} : { completion_started_at: new Date() }) }
  const previous = Object.keys(start).length ? await patchRow(container, row, start) : {}
  delete previous.completion_started_at
  const undo = Object.keys(previous).length ? { id: row.id, previous } : undefined
  const plan: Plan = { sessionId: session.id, sessionAmount: session.amount, loan, ledgerId: row.id, halfMadeOrderId, interrupted }
  return { plan, undo }
}

interface RollForwardUndo {
  definition?: { [Modules.ORDER]: { order_id: string }; [Modules.CART]: { cart_id: string } }
  cartId?: string
  clearCompletedAt?: boolean
}

/** Links the cart to the order a cut-short completion placed for it, so no second order is made. */
const rollForwardStep = createStep(
  "bnpl-roll-forward-completion",
  async (input: { cart_id: string; plan: Plan }, { container }) => {
    const orderId = input.plan.halfMadeOrderId
    if (!orderId) return new StepResponse(false, {} as RollForwardUndo)
    const link = container.resolve(ContainerRegistrationKeys.LINK)
    const definition = { [Modules.ORDER]: { order_id: orderId }, [Modules.CART]: { cart_id: input.cart_id } }
    await link.create(definition)
    const carts = container.resolve(Modules.CART)
    const [cart] = await carts.listCarts({ id: input.cart_id }, { select: ["id", "completed_at"] })
    if (cart && !cart.completed_at) await carts.updateCarts([{ id: input.cart_id, completed_at: new Date() }])
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`[bnpl] cart ${input.cart_id}: a completion cut short had placed order ${orderId}; the cart is linked to it`)
    return new StepResponse(true, { definition, cartId: input.cart_id, clearCompletedAt: !!cart && !cart.completed_at } as RollForwardUndo)
  },
  async (undo: RollForwardUndo | undefined, { container }) => {
    if (!undo?.definition) return
    await container.resolve(ContainerRegistrationKeys.LINK).dismiss(undo.definition)
    if (undo.clearCompletedAt && undo.cartId) await container.resolve(Modules.CART).updateCarts([{ id: undo.cartId, completed_at: null }])
  },
)

/**
 * Authorizes the session (Medusa's processPaymentWorkflow) and requires an
 * order in the database: that workflow carries on past a failed completion.
 * A failure is counted on the ledger; past the limit the loan needs the admin.
 *
 * processPaymentWorkflow runs on its own here, not with `runAsStep`: nested, its
 * acquireLockStep on the cart id skips (Medusa takes that lock only in a top-level
 * run), and that lock is what keeps it apart from the storefront's own completion
 * of the same cart (completeCartWorkflow takes the same key).
 */
const completeStep = createStep(
  "bnpl-complete-cart",
  async (input: CompleteInput, { container, eventGroupId }) => {
    if (input.plan.confirmation) return new StepResponse<Confirmation, { undo?: RowPatchUndo }>(input.plan.confirmation, {})
    const { confirmation, undo } = await complete(container, input)
    await emitRowUndoable(container, undo, eventGroupId)
    return new StepResponse<Confirmation, { undo?: RowPatchUndo }>(confirmation, { undo })
  },
  async (compensation: { undo?: RowPatchUndo } | undefined, { container }) => undoRowPatch(container, compensation?.undo),
)

type CompleteInput = ConfirmLoanInput & { plan: Plan; rolledForward: boolean }

async function complete(container: MedusaContainer, input: CompleteInput): Promise<{ confirmation: Confirmation; undo?: RowPatchUndo }> {
  const { plan } = input
  // processPaymentWorkflow carries on past a failed cart completion (its step continues on
  // failure) but still reports the error: it becomes the reason the admin reads.
  const { errors } = await withConfirmedLoan(plan.loan!, () =>
    duringCompletion(container, () =>
      processPaymentWorkflow(container).run({
        input: { action: "authorized", data: { session_id: plan.sessionId!, amount: plan.sessionAmount! } },
        throwOnError: false,
      }),
    ),
  )
  const failure =
    errors
      .map((e) => (e.error as Error | undefined)?.message)
      .filter(Boolean)
      .join("; ") || undefined
  const outage = errors.length > 0 && errors.every((e) => isOutage(e.error))
  // Done means an order and the loan authorized on it: an order a cut-short completion left
  // can exist while the authorization onto it failed (the status query down at that moment).
  const [orderId, session] = await Promise.all([
    orderOfCart(container, input.cart_id),
    container.resolve(Modules.PAYMENT).retrievePaymentSession(plan.sessionId!, { select: ["status"] }),
  ])
  if (orderId && AUTHORIZED.includes(session.status)) return recordOrdered(container, input, orderId)
  const reason = orderId
    ? `the loan could not be authorized on the cart's order ${orderId}${failure ? `: ${failure}` : ""}`
    : `the cart could not be completed into an order${failure ? `: ${failure}` : ""}`
  // An outage is nobody's verdict on the cart: the next copy or run tries again, uncounted, so a
  // storm of replays through an outage cannot use up the loan's attempts.
  if (outage) return { confirmation: { outcome: "completion_failed", reason, attention: false } }
  const recorded = await recordCompletionFailure(container, plan.ledgerId!, reason)
  return { confirmation: { outcome: "completion_failed", reason, attention: recorded.attention }, undo: recorded.undo }
}

async function recordOrdered(container: MedusaContainer, input: CompleteInput, orderId: string) {
  const { plan } = input
  const held = { cartId: input.cart_id, loanId: input.loan_id, ledgerId: plan.ledgerId!, orderId, interrupted: !!plan.interrupted }
  const { undo, suspectOrderId } = await recordHeldBy(container, held)
  const confirmation: Confirmation = {
    outcome: "authorized",
    orderId,
    rolledForward: input.rolledForward,
    ...(suspectOrderId ? { suspectOrderId } : {}),
  }
  return { confirmation, undo }
}

/** Medusa's errors that say something of the cart or the payment; every other failure is an outage (a database, a lock, a service down). */
const VERDICTS: ReadonlySet<string> = new Set([
  MedusaError.Types.NOT_ALLOWED,
  MedusaError.Types.INVALID_DATA,
  MedusaError.Types.NOT_FOUND,
  MedusaError.Types.CONFLICT,
  MedusaError.Types.DUPLICATE_ERROR,
  MedusaError.Types.INVALID_ARGUMENT,
  MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR,
  MedusaError.Types.PAYMENT_REQUIRES_MORE_ERROR,
])

const isOutage = (error: unknown): boolean => !VERDICTS.has(String((error as { type?: unknown } | undefined)?.type))

export const confirmLoanWorkflow = createWorkflow("bnpl-confirm-loan", (input: ConfirmLoanInput) => {
  const lock = acquireCartLockStep(input)
  const plan = planConfirmationStep(input)
  const rolledForward = rollForwardStep(transform({ input, plan }, ({ input, plan }) => ({ cart_id: input.cart_id, plan })))
  const confirmation = completeStep(transform({ input, plan, rolledForward }, (d) => ({ ...d.input, plan: d.plan, rolledForward: d.rolledForward })))
  releaseCartLockStep(lock)
  return new WorkflowResponse(confirmation)
})
