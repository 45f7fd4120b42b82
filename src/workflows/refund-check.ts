import type { MedusaContainer } from "@medusajs/framework/types"
import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { ledgerOf } from "../lib/ledger/ledger"
import type { LedgerPatch, LoanChange } from "../modules/bnpl/service"
import { ledgerChangeStep } from "./steps/ledger-change-step"
import { underCartLockOfRow } from "./under-cart-lock-of-row"
import { orderPayment, type OrderPayment } from "../lib/ledger/queries"
import { loanAtService } from "../lib/ledger/loan-at-service"
import { bookMedusaRefunds, bookOutsideRefunds, refundedOn, undecidedOf, undecidedReason } from "../lib/ledger/refund-book"
import type { LedgerLoan } from "../modules/bnpl/types"
import { toCents } from "../lib/bnpl/money"
import { isPaid } from "../lib/bnpl/status"
import { releasedRestReason, uncountedRest } from "../lib/ledger/released-rest"
import type { LoanRecord } from "../lib/bnpl/wire"

/**
 * Compares a loan's refunds in the plugin's book with the service's refund history and with
 * Medusa's refunds on the order's payment:
 * - Medusa's refunds made through the provider are booked;
 * - history entries the book cannot explain are booked as refunds made outside Medusa, of
 *   unknown amount, and the loan is listed until the admin records or dismisses them;
 * - a book and a Medusa that disagree, or a cancelled payment under a live order, are listed;
 *   after a partial capture whose rest Medusa released, until the loan holds what the order counts;
 * - a loan refunded in full by the book ends `refunded`; one an order holds stays `ordered`.
 * Nothing here sends a refund or records one in Medusa: amounts come only from the book.
 */
export interface RefundCheckInput {
  ledger_id: string
}

export interface RefundCheckResult {
  outcome: "in_order" | "refunds_recorded" | "refunded" | "needs_attention"
  refunded_at_service: string
  refunded_in_medusa: string
}

export const checkRefundsStep = ledgerChangeStep("bnpl-check-refunds", (input: RefundCheckInput, container) =>
  checkRefunds(container, input.ledger_id),
)

async function checkRefunds(container: MedusaContainer, ledgerId: string): Promise<{ output: RefundCheckResult; change: LoanChange }> {
  const ledger = ledgerOf(container)
  const row = await ledger.retrieveBnplLoan(ledgerId)
  const { loan, loans, history, book } = await loanAtService(container, row.cart_id, row.loan_id)
  const payment = row.order_id ? await orderPayment(container, row.order_id, row.loan_id) : undefined
  const mirrored = payment ? await bookMedusaRefunds(container, { loanId: row.loan_id, cartId: row.cart_id }, payment.refunds, book) : []
  const outside = await bookOutsideRefunds(container, row.cart_id, history, loans, [...book, ...mirrored])
  const entries = [...book, ...mirrored, ...outside]
  const service = refundedOn(entries, row.loan_id)
  const medusa = payment?.refunded ?? "0.00"
  const verdict = judge(row, loan, payment, entries, service, medusa)
  const change = await ledger.recordRefundCheck(row, {
    refundedAtService: service,
    refundedInMedusa: medusa,
    loanStatus: loan?.status,
    decided: verdict.patch,
  })
  return { output: { outcome: verdict.outcome, refunded_at_service: service, refunded_in_medusa: medusa }, change }
}

interface Verdict {
  outcome: RefundCheckResult["outcome"]
  patch: Pick<LedgerPatch, "state" | "attention_reason">
}

const listed = (reason: string): Verdict => ({ outcome: "needs_attention", patch: { state: "needs_attention", attention_reason: reason } })

function judge(
  row: LedgerLoan,
  loan: LoanRecord | undefined,
  payment: OrderPayment | undefined,
  entries: Parameters<typeof refundedOn>[0],
  service: string,
  medusa: string,
): Verdict {
  const inFull = !!loan && toCents(service) >= toCents(loan.totalAmount)
  const undecided = undecidedOf(entries, row.loan_id)
  // A possible second order stays for the admin whatever the money says.
  if (row.suspect_order_id && row.state === "needs_attention") return { outcome: "needs_attention", patch: {} }
  if (undecided.length) return listed(undecidedReason(undecided[0], row.loan_id))
  if (!row.order_id || !payment) {
    if (inFull) return { outcome: "refunded", patch: { state: "refunded" } }
    if (toCents(service) > 0n) {
      return listed(
        `Loan ${row.loan_id} has ${service} of ${loan?.totalAmount ?? "?"} refunded at the service, and no order holds it: refund the rest in full.`,
      )
    }
    if (row.state === "needs_attention") return { outcome: "needs_attention", patch: {} }
    return listed(`Order ${row.order_id} holds no payment of loan ${row.loan_id}.`)
  }
  const orderLive = payment.orderStatus !== "canceled"
  if (payment.restReleased && orderLive && loan) {
    const rest = uncountedRest(payment, loan, service)
    if (rest !== 0n) return listed(releasedRestReason(payment, rest))
  } else if (payment.canceled && orderLive) {
    return listed(
      payment.replaced
        ? `Order ${row.order_id} is not cancelled, but Medusa replaced its payment of loan ${row.loan_id} (an edit, exchange or claim before the capture asks the whole total again): the loan pays for nothing now. Refund it in full.`
        : `Order ${row.order_id} is not cancelled, but its payment of loan ${row.loan_id} is: check the order, and cancel it or take the payment again.`,
    )
  }
  if (!orderLive && loan && isPaid(loan) && !inFull) {
    return listed(
      `Order ${row.order_id} is cancelled, but loan ${row.loan_id} is paid and only ${service} of ${loan.totalAmount} is refunded at the service: refund the rest in full.`,
    )
  }
  // While an order holds the loan, every refund of it goes through Medusa: the two books agree. A
  // cancelled order's payment records the refund of what Medusa captured; what it never captured
  // (a partial capture) is refunded by the book alone.
  const inMedusa = orderLive || toCents(service) < toCents(payment.captured) ? service : payment.captured
  if (!payment.canceled && toCents(inMedusa) !== toCents(medusa)) {
    return listed(
      `The plugin's book shows ${service} refunded on loan ${row.loan_id}; Medusa records ${medusa} on order ${row.order_id}. Check the refunds in the service's portal.`,
    )
  }
  if (inFull) return { outcome: "refunded", patch: { state: "refunded" } }
  return { outcome: "in_order", patch: { state: "ordered", attention_reason: null } }
}

export const refundCheckWorkflow = createWorkflow("bnpl-refund-check", (input: RefundCheckInput) => {
  return new WorkflowResponse(underCartLockOfRow(input, checkRefundsStep))
})
