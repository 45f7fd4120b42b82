import type { BigNumberInput } from "@medusajs/framework/types"
import { PaymentSessionStatus } from "@medusajs/framework/utils"
import type { LedgerLoan } from "../../modules/bnpl/types"
import { sameAmount, toDecimal } from "../service/money"
import { CONFIRMABLE_SESSION, isPaid } from "../service/status"
import { awaitsOrder } from "../ledger/ledger"
import type { LoanHolder } from "../../modules/bnpl/holder"
import type { LoanAtService } from "../ledger/loan-at-service"
import type { SessionRow } from "../medusa/queries"
import { paidLoanVerdict } from "./paid-loan"

/**
 * The rules of turning a paid loan into an order (src/workflows/confirm-loan.ts): what the
 * confirmation answers, and which one change of the ledger it makes, from what it read. Pure:
 * the workflow's read steps gather the facts, its write steps make the change.
 */
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

export const AUTHORIZED: string[] = [PaymentSessionStatus.AUTHORIZED, PaymentSessionStatus.CAPTURED]

/** What the confirmation reads of Medusa before asking the service anything. */
export interface CartFacts {
  /** The loan's cartId at the service. */
  cartId: string
  /** What the loan pays (holder.ts). */
  holder: LoanHolder
  loanId: number
  force: boolean
  session?: SessionRow
  /** Another session of the cart's collection is authorized (an order paid some other way). */
  otherAuthorized: boolean
  paymentCollectionId: string | null
  /** The cart's order was cancelled (with the loan unpaid, `orderBeforeFinancing`): nothing is authorized on it. */
  paymentCollectionCanceled?: boolean
  /** The order the cart became, if any. */
  orderId?: string
  row?: LedgerLoan
  /** The ledger did not know the loan: its row was written from the session just now, and carries no mark of earlier completions. */
  rowRecordedNow?: boolean
  /** What Medusa's cart totals now; it counts only while no order holds the cart. */
  cartTotal?: BigNumberInput
  /** What the payment collection asks now; it counts once an order holds the cart (placed first, or a balance). */
  collectionAmount?: BigNumberInput
}

/** What the service and the book say of the loan. */
export interface LoanFacts extends LoanAtService {
  /** An order that holds the cart's payment collection while no order is linked to the cart. */
  halfMadeOrderId?: string
}

/** The one change the confirmation makes to the ledger, and what it answers. */
export type Decision =
  /** Nothing to change: the answer is final. */
  | { change: "none"; confirmation: Confirmation }
  /** The cart's order holds the loan; the row does not say so yet. */
  | { change: "held_by"; confirmation: Confirmation & { outcome: "already_authorized" } }
  | { change: "status"; confirmation: Confirmation; loanStatus: LedgerLoan["loan_status"] }
  /** A refund of the loan (or one that may be) keeps it from paying an order: listed, the history's unexplained refunds booked. */
  | { change: "list"; confirmation: Confirmation; reason: string; loanStatus?: LedgerLoan["loan_status"] }
  /** A paid loan its cart cannot take counts as a failed completion. */
  | { change: "failure"; confirmation: Confirmation; reason: string; loanStatus?: LedgerLoan["loan_status"] }
  /** Paid and matching: the completion starts. */
  | { change: "start"; loanStatus?: LedgerLoan["loan_status"]; interrupted: boolean }

const answer = (confirmation: Confirmation): Decision => ({ change: "none", confirmation })

/** A completion with the loan may have been cut short after its order was made: look for that order. */
export const mayHoldHalfMadeOrder = (facts: CartFacts): boolean =>
  !facts.orderId && !!facts.paymentCollectionId && (!!facts.row?.completion_started_at || !!facts.rowRecordedNow)

/** What the facts of Medusa alone decide; `undefined` when the service must be asked. */
export function decideBeforeService(facts: CartFacts): Decision | undefined {
  const { session, row, orderId } = facts
  if (!session || !row) return answer({ outcome: "no_pending_session" })
  if (orderId && AUTHORIZED.includes(session.status)) {
    // The cart's order holds this loan. A row that does not say so yet (a completion that ended
    // after it was counted as failed, a crash before the row was written) says so now.
    const confirmation = { outcome: "already_authorized" as const, orderId }
    return awaitsOrder(row) ? { change: "held_by", confirmation } : answer(confirmation)
  }
  if (row.state === "needs_attention" && !facts.force) {
    return answer({ outcome: "needs_attention", reason: row.attention_reason ?? "on the attention list" })
  }
  // An order paid some other way must not gain this loan as a second payment, nor a cancelled order
  // its first: reconciliation settles such a loan as an orphan (refunded in full, or listed).
  if (orderId && (facts.otherAuthorized || facts.paymentCollectionCanceled)) return answer({ outcome: "no_pending_session" })
  if (!CONFIRMABLE_SESSION[session.status as PaymentSessionStatus]) return answer({ outcome: "no_pending_session" })
  return undefined
}

/** What the status query, the refund history and the cart's total decide. */
export function decideWithService(facts: CartFacts, found: LoanFacts): Decision {
  const { cartId, loanId } = facts
  const session = facts.session!
  const row = facts.row!
  const { loan } = found
  const learned = loan && loan.status !== row.loan_status ? loan.status : undefined
  if (!loan || !isPaid(loan)) {
    const confirmation: Confirmation = { outcome: "not_paid", loanStatus: loan?.status ?? "UNKNOWN" }
    return learned ? { change: "status", confirmation, loanStatus: learned } : answer(confirmation)
  }
  const paid = paidLoanVerdict(loan, cartId, found)
  if (paid.verdict !== "pays") {
    return { change: "list", confirmation: { outcome: "needs_attention", reason: paid.reason }, reason: paid.reason, loanStatus: learned }
  }
  if (!sameAmount(loan.totalAmount, session.amount)) {
    return {
      change: "failure",
      reason: `loan ${loanId} was paid for ${loan.totalAmount}, but its session is for ${toDecimal(session.amount)}`,
      confirmation: { outcome: "amount_mismatch", sessionAmount: toDecimal(session.amount), loanAmount: loan.totalAmount },
      loanStatus: learned,
    }
  }
  // An order's edit while its loan waited changes what the collection asks, not the session's amount.
  const total = facts.orderId ? facts.collectionAmount : facts.cartTotal
  if (total !== undefined && !sameAmount(total, session.amount)) {
    return {
      change: "failure",
      reason: facts.orderId
        ? `order ${facts.orderId} now asks ${toDecimal(total)}, but loan ${loanId} was paid for ${loan.totalAmount}`
        : `cart ${cartId} now totals ${toDecimal(total)}, but loan ${loanId} was paid for ${loan.totalAmount}`,
      confirmation: { outcome: "cart_changed", cartTotal: toDecimal(total), loanAmount: loan.totalAmount },
      loanStatus: learned,
    }
  }
  return { change: "start", loanStatus: learned, interrupted: !!row.completion_started_at }
}

/** A failed completion's answer: the attention list's once the attempts are used up. */
export const failureAnswer = (confirmation: Confirmation, reason: string, attention: boolean): Confirmation =>
  attention ? { outcome: "needs_attention", reason } : confirmation
