import { createWorkflow, parallelize, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { underHolderLockOfRow } from "./under-holder-lock-of-row"
import type { OrderPayment } from "../lib/medusa/queries"
import type { LoanAtService } from "../lib/ledger/loan-at-service"
import { refundedOn, undecidedOf, undecidedReason } from "../lib/money/refund-book"
import type { BookEntry, LedgerLoan } from "../modules/bnpl/types"
import { centsToDecimal, toCents } from "../lib/service/money"
import { isPaid } from "../lib/service/status"
import { releasedRestReason, uncountedRest } from "../lib/money/released-rest"
import type { LoanRecord } from "../lib/service/wire"
import { bookMedusaRefundsStep } from "./steps/book-medusa-refunds"
import { bookOutsideRefundsStep } from "./steps/book-outside-refunds"
import { readLedgerRowStep } from "./steps/read-ledger-row"
import { readLoanAtServiceStep } from "./steps/read-loan-at-service"
import { readOrderPaymentStep } from "./steps/read-order-payment"
import { type RefundCheckFindings, type RefundCheckVerdict, recordRefundCheckStep } from "./steps/record-refund-check"

export type { RefundCheckResult } from "./steps/record-refund-check"

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

/**
 * The check's steps, without the cart's lock: for a workflow that holds it already
 * (refundCheckWorkflow below, refundLoanWorkflow after refunding a released rest).
 */
export const checkRefundsWorkflow = createWorkflow("bnpl-check-refunds", (input: RefundCheckInput) => {
  const row = readLedgerRowStep(input)
  // The service's answers and Medusa's payment are read at once: each waits on a different server.
  const [found, payment] = parallelize(readLoanAtServiceStep(row), readOrderPaymentStep(row))
  const mirrored = bookMedusaRefundsStep(
    transform({ row, found, payment }, ({ row, found, payment }) => ({
      service_cart_id: row.service_cart_id,
      loan_id: row.loan_id,
      refunds: payment?.refunds ?? [],
      book: found.book,
    })),
  )
  const outside = bookOutsideRefundsStep(
    transform({ row, found, mirrored }, ({ row, found, mirrored }) => ({
      service_cart_id: row.service_cart_id,
      history: found.history,
      loans: found.loans,
      book: [...found.book, ...mirrored.booked],
    })),
  )
  const findings = transform({ row, found, payment, mirrored, outside }, (read) => findingsOf(read))
  return new WorkflowResponse(recordRefundCheckStep(findings))
})

export const refundCheckWorkflow = createWorkflow("bnpl-refund-check", (input: RefundCheckInput) => {
  return new WorkflowResponse(underHolderLockOfRow(input, (input) => checkRefundsWorkflow.runAsStep({ input })))
})

/** What the book and Medusa show refunded, and the verdict on them. */
function findingsOf(read: {
  row: LedgerLoan
  found: LoanAtService
  payment: OrderPayment | null
  mirrored: { booked: BookEntry[]; onItsWay: OrderPayment["refunds"] }
  outside: BookEntry[]
}): RefundCheckFindings {
  const { row, found, payment } = read
  const entries = [...found.book, ...read.mirrored.booked, ...read.outside]
  const service = refundedOn(entries, row.loan_id)
  // A refund the provider is still booking is counted on neither side until it is booked.
  const onItsWay = read.mirrored.onItsWay.reduce((sum, refund) => sum + toCents(refund.amount), 0n)
  const medusa = centsToDecimal(toCents(payment?.refunded ?? "0") - onItsWay)
  const verdict = judge(row, found.loan, payment ?? undefined, entries, service, medusa)
  return { row, loan_status: found.loan?.status, refunded_at_service: service, refunded_in_medusa: medusa, verdict }
}

const listed = (reason: string): RefundCheckVerdict => ({
  outcome: "needs_attention",
  patch: { state: "needs_attention", attention_reason: reason },
})

function judge(
  row: LedgerLoan,
  loan: LoanRecord | undefined,
  payment: OrderPayment | undefined,
  entries: Parameters<typeof refundedOn>[0],
  service: string,
  medusa: string,
): RefundCheckVerdict {
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
