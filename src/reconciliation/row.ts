import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import type { BookEntry, LedgerLoan } from "../modules/bnpl/types"
import { toCents } from "../lib/service/money"
import { bookOfCart } from "../lib/ledger/loan-at-service"
import { refundedOn, undecidedOf } from "../lib/money/refund-book"
import { bnplFromContainer } from "../lib/options/resolve-options"
import { isPaid, LOAN_PAYMENT, unreachable } from "../lib/service/status"
import type { LoanRecord } from "../lib/service/wire"
import { cancelAbandonedLoanWorkflow } from "../workflows/cancel-abandoned-loan"
import { confirmLoan, type Confirmation } from "../workflows/confirm-loan"
import { aboutLoan } from "../lib/telemetry/loan-context"
import { refundCheckWorkflow } from "../workflows/refund-check"
import { recordOrderPlacedWorkflow } from "../workflows/record-order-placed"
import { resumePaidLoanWorkflow } from "../workflows/resume-paid-loan"
import { refundLoanWorkflow } from "../workflows/refund-loan"
import { awaitsOrder } from "../lib/ledger/ledger"
import { AUTHORIZED } from "../lib/money/confirmation"
import { listLoanWorkflow } from "../workflows/list-loan"
import { recordLoanStatusWorkflow } from "../workflows/record-loan-status"
import { holderOfRow } from "../modules/bnpl/holder"
import { type CartPayment, cartPayment, orderOfHolder, orderPayment, sessionOfLoan } from "../lib/medusa/queries"

/**
 * What reconciliation does with one ledger row, and what it counts. The status query decides;
 * every change is a workflow of its own, run one after another as the last one's outcome
 * decides, the way a scheduled job runs them: one loan's change never waits on, or is undone
 * with, another's.
 */
export type RowOutcome =
  | "authorized"
  | "cancelled"
  | "pending"
  | "failed"
  | "needs_attention"
  /** Refunded in full by the plugin: a paid loan no order can ever hold. */
  | "refunded"
  | "refunds_recorded"
  | "in_order"

export interface RowContext {
  container: MedusaContainer
  logger: Logger
  timeoutCutoff: Date
}

export function reconcileRow(ctx: RowContext, row: LedgerLoan): Promise<RowOutcome> {
  // The requests this row makes are traced as its loan's (lib/telemetry/loan-context.ts).
  return aboutLoan({ loanId: row.loan_id, holder: holderOfRow(row) }, () => reconcileLoan(ctx, row))
}

async function reconcileLoan(ctx: RowContext, row: LedgerLoan): Promise<RowOutcome> {
  const { client } = bnplFromContainer(ctx.container)
  const loan = await client.getLoan(row.service_cart_id, row.loan_id)
  if (!loan) {
    ctx.logger.warn(`[bnpl] reconciliation: the service lists no loan ${row.loan_id} for cart ${row.service_cart_id}`)
    return "failed"
  }
  if (loan.status !== row.loan_status) await recordLoanStatusWorkflow(ctx.container).run({ input: { ledger_id: row.id, loan_status: loan.status } })
  switch (row.state) {
    case "ordered": {
      const replaced = await paymentReplaced(ctx, row)
      return replaced ? listForAdmin(ctx, row, replaced) : refundCheck(ctx, row)
    }
    case "needs_attention":
      return (awaitsOrder(row) && isPaid(loan) && (await heldByOrder(ctx, row))) || refundCheck(ctx, row)
    case "open":
      return reconcileOpen(ctx, row, loan)
    case "cancelled":
    case "refunded":
      return "pending"
    default:
      return unreachable(row.state)
  }
}

async function reconcileOpen(ctx: RowContext, row: LedgerLoan, loan: LoanRecord): Promise<RowOutcome> {
  const payment = LOAN_PAYMENT[loan.status]
  switch (payment) {
    case "pending": {
      if (new Date(row.created_at) > ctx.timeoutCutoff) return "pending"
      const { result } = await cancelAbandonedLoanWorkflow(ctx.container).run({ input: { ledger_id: row.id } })
      return result.cancelled ? "cancelled" : "pending"
    }
    case "cancelled": {
      const { result } = await cancelAbandonedLoanWorkflow(ctx.container).run({ input: { ledger_id: row.id, cancelled_at_service: true } })
      return result.cancelled ? "cancelled" : "pending"
    }
    case "paid":
      return reconcilePaid(ctx, row)
    default:
      return unreachable(payment)
  }
}

/**
 * A paid loan not yet an order: its session confirms it; an order of the
 * cart that holds it records it; a cart completed otherwise, or gone, can
 * never hold it (refunded in full, or listed); a cart still open whose
 * session was replaced waits for the customer until the loan time-out, then
 * becomes the order if the cart matches the loan again, else is listed.
 */
async function reconcilePaid(ctx: RowContext, row: LedgerLoan): Promise<RowOutcome> {
  // A refund of the loan in the book (Medusa's rollback of a completion after the capture, an
  // unclear one): it can never pay an order, and the refund check says how it ends.
  if (undecidedOrRefunded(await bookOfCart(ctx.container, row.service_cart_id), row.loan_id)) return refundCheck(ctx, row)
  const cart = await cartPayment(ctx.container, holderOfRow(row))
  if (sessionOfLoan(cart.sessions, row.loan_id)) {
    const { outcome, result } = await confirm(ctx, row)
    if (outcome !== "failed") return outcome
    if (result.outcome !== "no_pending_session") return "failed"
  }
  const orderId = cart.exists ? await orderOfHolder(ctx.container, holderOfRow(row)) : undefined
  if (orderId && (await orderPayment(ctx.container, orderId, row.loan_id))) {
    // The order holds the loan, and its order.placed was lost: recorded as that event would have.
    await recordOrderPlacedWorkflow(ctx.container).run({ input: { order_id: orderId } })
    return "in_order"
  }
  const balanceAsks = row.holder === "order_balance" && balanceStillAsks(cart)
  if (!cart.exists || (orderId && !balanceAsks)) return settleOrphan(ctx, row, orphanReason(cart, row, orderId))
  // A cart may still change back to what the loan paid; an order's balance asks what it asks now.
  if (!balanceAsks && new Date(row.created_at) > ctx.timeoutCutoff) return "pending"
  const { result: resumed } = await resumePaidLoanWorkflow(ctx.container).run({ input: { ledger_id: row.id } })
  if (resumed) return (await confirm(ctx, row)).outcome
  return listForAdmin(
    ctx,
    row,
    "Paid, but the customer changed or left the cart and no payment session holds the loan. Retry the completion once the cart matches, or refund the loan in full.",
  )
}

/**
 * Medusa replaced the loan's payment collection while its order stays (queries.ts, `replaced`):
 * an order change of an uncaptured payment (`autoCapture` off). The loan still pays for most of
 * the order, so refunding it in full would be a refund nobody asked for: the admin decides.
 */
async function paymentReplaced(ctx: RowContext, row: LedgerLoan): Promise<string | undefined> {
  if (!row.order_id) return undefined
  const payment = await orderPayment(ctx.container, row.order_id, row.loan_id)
  if (!payment?.replaced || payment.orderStatus === "canceled") return undefined
  return (
    `Medusa cancelled this loan's payment while order ${row.order_id} stays: an order change (a return, an edit, an exchange or a claim) of an uncaptured payment asks what the order still costs again in a new payment collection. ` +
    "The loan is paid and nothing was refunded: refund it in full here and let the customer pay the new collection. With autoCapture (the default) an order change never cancels a loan's payment."
  )
}

/** An order's balance that nothing has paid or cancelled: a paid loan of it may still pay it. */
const balanceStillAsks = (cart: CartPayment): boolean =>
  cart.exists && !cart.paymentCollectionCanceled && !cart.sessions.some((s) => AUTHORIZED.includes(s.status))

function orphanReason(cart: CartPayment, row: LedgerLoan, orderId: string | undefined): string {
  if (row.holder === "order_balance") {
    if (!cart.exists) return "the order balance's payment collection no longer exists"
    if (cart.paymentCollectionCanceled) return `the balance of order ${orderId} was cancelled before the loan was paid`
    return `the balance of order ${orderId} was paid another way`
  }
  if (!cart.exists) return "its cart no longer exists"
  // Placed before its financing (orderBeforeFinancing), the order was cancelled, then the loan paid.
  if (cart.paymentCollectionCanceled && sessionOfLoan(cart.sessions, row.loan_id))
    return `its order ${orderId} was cancelled before the loan was paid`
  return `its cart was completed into order ${orderId} with another payment`
}

const undecidedOrRefunded = (book: BookEntry[], loanId: number): boolean =>
  undecidedOf(book, loanId).length > 0 || toCents(refundedOn(book, loanId)) > 0n

async function confirm(ctx: RowContext, row: LedgerLoan): Promise<{ outcome: RowOutcome; result: Confirmation }> {
  const { result } = await confirmLoan(ctx.container, { holder: holderOfRow(row), loan_id: row.loan_id })
  const outcome = fromConfirmation(result)
  if (outcome === "failed")
    ctx.logger.warn(`[bnpl] reconciliation: paid loan ${row.loan_id} of cart ${row.service_cart_id} not confirmed: ${result.outcome}`)
  return { outcome, result }
}

/**
 * A loan listed for failed completions whose cart's order holds it after all (a completion
 * that ended after it was counted as failed): the confirmation records it as that order's.
 */
async function heldByOrder(ctx: RowContext, row: LedgerLoan): Promise<"in_order" | undefined> {
  const { result } = await confirmLoan(ctx.container, { holder: holderOfRow(row), loan_id: row.loan_id })
  if (result.outcome !== "already_authorized") return undefined
  ctx.logger.info(`[bnpl] reconciliation: loan ${row.loan_id} of cart ${row.service_cart_id} was listed, but order ${result.orderId} holds it`)
  return "in_order"
}

async function settleOrphan(ctx: RowContext, row: LedgerLoan, why: string): Promise<RowOutcome> {
  if (bnplFromContainer(ctx.container).options.refundOrphanedLoans) {
    ctx.logger.warn(`[bnpl] reconciliation: paid loan ${row.loan_id} can never be an order's payment (${why}): refunding it in full`)
    await refundLoanWorkflow(ctx.container).run({ input: { ledger_id: row.id, requested_by: "reconciliation", reason: why } })
    return "refunded"
  }
  return listForAdmin(ctx, row, `Paid, but no order can hold it: ${why}. Refund it in full.`)
}

async function listForAdmin(ctx: RowContext, row: LedgerLoan, reason: string): Promise<RowOutcome> {
  const { result } = await listLoanWorkflow(ctx.container).run({ input: { ledger_id: row.id, reason, while_state: row.state } })
  if (result.listed) {
    ctx.logger.warn(`[bnpl] reconciliation: loan ${row.loan_id} of cart ${row.service_cart_id} on the attention list: ${reason}`)
    return "needs_attention"
  }
  // Another writer moved the row on while this run decided (a confirmation made it an order's): what it wrote stands.
  ctx.logger.info(`[bnpl] reconciliation: loan ${row.loan_id} of cart ${row.service_cart_id} is ${result.state} now; not listed`)
  return MOVED_ON[result.state]
}

/** What a row another writer moved on counts as in the run's summary. */
const MOVED_ON: Record<LedgerLoan["state"], RowOutcome> = {
  open: "pending",
  ordered: "in_order",
  needs_attention: "needs_attention",
  cancelled: "cancelled",
  refunded: "refunded",
}

function fromConfirmation(result: Confirmation): RowOutcome {
  switch (result.outcome) {
    case "authorized":
    case "already_authorized":
      return "authorized"
    case "needs_attention":
      return "needs_attention"
    case "completion_failed":
      return result.attention ? "needs_attention" : "failed"
    case "not_paid":
      return "pending"
    case "amount_mismatch":
    case "cart_changed":
    case "no_pending_session":
      return "failed"
    default:
      return unreachable(result)
  }
}

async function refundCheck(ctx: RowContext, row: LedgerLoan): Promise<RowOutcome> {
  const { result } = await refundCheckWorkflow(ctx.container).run({ input: { ledger_id: row.id } })
  return result.outcome
}
