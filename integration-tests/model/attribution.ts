import type { Loan, Refund } from "../../packages/sandbox"
import { centsToDecimal, decimalToCents, numberToCents } from "../../packages/sandbox/money"
import type { BookRow, LedgerRow, OrderPayment } from "./facts"

/**
 * Who starts a refund of a loan. Every refund the service made must stand for exactly one of
 * these, through one entry of the plugin's book, and the model must have done what starts it.
 */
export type Cause = "admin-refund" | "cancel" | "return" | "store" | "orphan" | "refund-in-full" | "rollback" | "cart-changed" | "portal"

/** What the model did to a cart that may start a refund of its loans (its balance loans' too), and the refunds it made in the portal. */
export class AskedCauses {
  private readonly causes = new Map<string, Set<Cause>>()
  /** The service's ids of the refunds the model made in the portal. */
  readonly portal = new Set<number>()
  /**
   * Orders the store's own code cancelled through Medusa's `cancelOrderWorkflow`: Medusa cancels
   * even when the refund cannot go out, and the plugin then lists the loan (docs/money.md).
   */
  readonly storeCancelled = new Set<string>()

  add(cartId: string, cause: Cause): void {
    const causes = this.causes.get(cartId) ?? new Set<Cause>()
    causes.add(cause)
    this.causes.set(cartId, causes)
  }

  /** A balance collection's loans are the order's: what starts a refund on its cart starts one on them. */
  alias(collectionId: string, cartId: string): void {
    const causes = this.causes.get(cartId) ?? new Set<Cause>()
    this.causes.set(cartId, causes)
    this.causes.set(collectionId, causes)
  }

  has(cartId: string, cause: Cause): boolean {
    // Reconciliation runs at every sequence's end: the orphan rule may always have started a refund.
    return cause === "orphan" || !!this.causes.get(cartId)?.has(cause)
  }
}

/**
 * The cause a book entry's reason names, as the plugin writes them (the order page's refund,
 * the order's cancel, a received return, the store's own call of Medusa's refund, Medusa's
 * rollback, the cart changed after payment, reconciliation's orphan rule, *Refund in full*).
 */
export function causeOfReason(reason: string | null): Cause | undefined {
  const text = reason ?? ""
  const causes: Array<[RegExp, Cause]> = [
    [/^refund from Medusa admin$/, "admin-refund"],
    [/^order cancelled in Medusa$/, "cancel"],
    [/^return \S+ received$/, "return"],
    [/^refund from Medusa \(the store's own code\)$/, "store"],
    [/^completion rolled back by Medusa after the capture$/, "rollback"],
    [/^cart changed after payment$/, "cart-changed"],
    [/^(its cart |its order \S+ was cancelled before|the balance of order |the order balance's payment collection)/, "orphan"],
    [/^refunded in full by (?!reconciliation)/, "refund-in-full"],
  ]
  return causes.find(([pattern]) => pattern.test(text))?.[1]
}

const SLACK_MS = 2_000
const standsForMoney = (entry: BookRow) => entry.state === "accepted" || entry.state === "recorded"

/**
 * Every refund at the service stands for exactly one entry of the plugin's book, and that entry
 * for exactly one cause the model started: a refund with none (not booked before it was sent, or
 * booked under a reason no path of the plugin writes, or for something the model never did) or
 * one cause used twice (two refunds for one entry, two entries for one of Medusa's refunds, a
 * refund made in the portal taken for the plugin's own request) is a breach.
 */
export function checkAttribution(loans: Loan[], book: BookRow[], asked: AskedCauses): string[] {
  const breaches: string[] = []
  const used = new Map<string, Refund>()
  const refunds = loans.flatMap((loan) => loan.refunds).sort((a, b) => Date.parse(a.refundDate) - Date.parse(b.refundDate))
  for (const refund of refunds) {
    const entry = entryFor(refund, book, used)
    const name = `refund ${refund.refundId} of ${refund.totalAmount} on loan ${refund.loanId} at the service ("${refund.reason}", ${refund.refundDate})`
    if (!entry) {
      breaches.push(`${name}: no entry of the plugin's book stands for it, so nothing says who asked for it`)
      continue
    }
    used.set(entry.id, refund)
    breaches.push(...checkCause(name, refund, entry, asked))
  }
  for (const [medusaRefund, entries] of groupBy(book.filter((entry) => entry.medusa_refund_id && standsForMoney(entry)))) {
    if (entries.length > 1)
      breaches.push(`Medusa's refund ${medusaRefund} is booked ${entries.length} times (${entries.map((e) => `${e.id} "${e.reason}"`).join(", ")})`)
  }
  return breaches
}

function checkCause(name: string, refund: Refund, entry: BookRow, asked: AskedCauses): string[] {
  const fromPortal = asked.portal.has(refund.refundId)
  if (entry.kind === "outside")
    return fromPortal ? [] : [`${name}: booked as made outside Medusa (${entry.id}), but nobody refunded it in the portal`]
  if (fromPortal) return [`${name}: made in the service's portal, yet booked as the plugin's own request ${entry.id} ("${entry.reason}")`]
  const cause = causeOfReason(entry.reason)
  if (!cause) return [`${name}: booked as ${entry.id} under "${entry.reason}", which names no path that refunds`]
  if (!asked.has(entry.service_cart_id, cause))
    return [`${name}: booked for "${cause}" (${entry.id}), which nobody started on cart ${entry.service_cart_id}`]
  return []
}

/** The book's entry for a refund the service made: by the service's refund id, else its date (a refund found in the history), else its request. */
function entryFor(refund: Refund, book: BookRow[], used: Map<string, Refund>): BookRow | undefined {
  const free = book.filter((entry) => entry.service_cart_id === refund.cartId && standsForMoney(entry) && !used.has(entry.id))
  const at = Date.parse(refund.refundDate)
  return (
    free.find((entry) => entry.refund_id === String(refund.refundId)) ??
    free.find((entry) => entry.kind === "outside" && entry.refund_date === refund.refundDate) ??
    free.find(
      (entry) =>
        entry.kind === "requested" &&
        !entry.refund_id &&
        entry.amount === decimalToCents(refund.totalAmount) &&
        entry.reason === refund.reason &&
        at >= entry.created_at.getTime() - SLACK_MS &&
        at <= entry.updated_at.getTime() + SLACK_MS,
    )
  )
}

function groupBy(entries: BookRow[]): Map<string, BookRow[]> {
  const groups = new Map<string, BookRow[]>()
  for (const entry of entries) groups.set(entry.medusa_refund_id ?? "", [...(groups.get(entry.medusa_refund_id ?? "") ?? []), entry])
  return groups
}

/** An order's summary as Medusa's admin API answers it, in cents. */
export interface OrderSummary {
  order_id: string
  status: string
  total: number
  paid: number
  refunded: number
  pending: number
  /** Paid less refunded at Medusa's own precision, in cents with their fraction. */
  net: number
}

const refundedCents = (loan: Loan) => loan.refunds.reduce((sum, refund) => sum + decimalToCents(refund.totalAmount), 0)
const heldCents = (loan: Loan) => numberToCents(loan.request.totalPrice) - refundedCents(loan)
const isPaid = (loan: Loan) => loan.status === "OUTSTANDING" || loan.status === "HISTORICAL"

/**
 * What Medusa's order page says against the service. For a live order whose loans' payments are
 * captured in full (what is not cancelled), unless one of them is on the attention list: Medusa's
 * paid less refunded is exactly what those payments hold (captured less refunded), and each
 * payment holds what the service holds of its loan, within a rounding: Medusa keeps IVA totals to
 * four decimals and the service to cents, so half a cent at most. Where a confirmed loan is
 * captured at once, a live order that a paid loan holds is never left showing its whole total
 * pending (an order placed first, its loan paid).
 */
export function checkSummaries(
  summaries: OrderSummary[],
  orders: OrderPayment[],
  loans: Loan[],
  rows: LedgerRow[],
  capturesAtConfirmation: boolean,
): string[] {
  return summaries.flatMap((summary) => {
    if (summary.status === "canceled") return []
    const payments = orders.filter((order) => order.order_id === summary.order_id && order.payment_id && order.loan_id !== null)
    const loanOf = (payment: OrderPayment) => loans.find((loan) => loan.loanId === payment.loan_id)
    const name = `order ${summary.order_id}: Medusa shows total ${centsToDecimal(summary.total)}, paid ${centsToDecimal(summary.paid)}, refunded ${centsToDecimal(summary.refunded)}, pending ${centsToDecimal(summary.pending)}`
    const breaches: string[] = []
    const paying = payments.filter((payment) => {
      const loan = loanOf(payment)
      return !payment.canceled && !!loan && isPaid(loan) && heldCents(loan) > 0
    })
    // Capturing at fulfilment, an authorized payment is not money received yet: Medusa shows it pending until then.
    if (capturesAtConfirmation && paying.length && summary.total > 0 && summary.pending === summary.total)
      breaches.push(`${name}: its whole total pending, although loan ${paying.map((p) => p.loan_id).join(", ")} is paid and holds it`)
    const live = payments.filter((payment) => !payment.canceled)
    const listed = payments.some((payment) => rows.some((row) => row.loan_id === payment.loan_id && row.state === "needs_attention"))
    if (!live.length || listed || live.some((payment) => payment.captured !== payment.amount)) return breaches
    const onPayments = live.reduce((sum, payment) => sum + payment.net, 0)
    if (Math.abs(summary.net - onPayments) > 1e-6)
      breaches.push(
        `${name}: paid less refunded is ${(summary.net / 100).toFixed(4)}, but its loans' payments hold ${(onPayments / 100).toFixed(4)} (captured less refunded)`,
      )
    for (const payment of live) {
      const loan = loanOf(payment)
      const held = loan ? Math.max(0, heldCents(loan)) : 0
      if (Math.abs(payment.net - held) > 0.5)
        breaches.push(
          `${name}: the payment of loan ${payment.loan_id} holds ${(payment.net / 100).toFixed(4)} (captured less refunded), but the service holds ${centsToDecimal(held)} of it`,
        )
    }
    return breaches
  })
}
