import type { Loan } from "../../src/sandbox"
import { centsToDecimal, decimalToCents, numberToCents } from "../../src/sandbox/money"
import type { LedgerRow, OrderPayment } from "./facts"

/**
 * The ledger issue's rule for money, checked between the two books after the last reconcile:
 * the service's (the sandbox's loans and refunds, exact to the loan) and Medusa's (its
 * database). Each breach is one line naming the loan or order and the figures.
 *
 * For every loan of the sequence's carts:
 *   paid <=> (exactly one order holds it) or (refunded in full at the service)
 *            or (on the attention list with a reason)
 * and no loan is held by two orders. For every order:
 *   - a captured payment carries refunds equal to the service's refunds of its loan, and
 *     when its order is cancelled the loan is refunded in full (or listed);
 *   - an uncaptured payment of a cancelled order is cancelled, its loan refunded in full;
 *   - an uncaptured payment still live: no refund at the service, or the mismatch listed.
 */
export interface MoneyFacts {
  loans: Loan[]
  rows: LedgerRow[]
  orders: OrderPayment[]
}

export const isPaid = (loan: Loan) => loan.status === "OUTSTANDING" || loan.status === "HISTORICAL"
const refundedCents = (loan: Loan) => loan.refunds.reduce((sum, refund) => sum + decimalToCents(refund.totalAmount), 0)
const inFull = (loan: Loan) => refundedCents(loan) >= numberToCents(loan.request.totalPrice)
const listed = (row: LedgerRow | undefined) => row?.state === "needs_attention" && !!row.attention_reason?.trim()

export function checkMoney(facts: MoneyFacts): string[] {
  const rows = new Map(facts.rows.map((row) => [row.loan_id, row]))
  return [
    ...facts.loans.flatMap((loan) => checkLoan(loan, rows.get(loan.loanId), facts.orders)),
    ...facts.orders.flatMap((order) => checkOrder(order, facts, rows)),
  ]
}

function checkLoan(loan: Loan, row: LedgerRow | undefined, orders: OrderPayment[]): string[] {
  const holders = orders.filter((order) => order.loan_id === loan.loanId).map((order) => order.order_id)
  const name = `loan ${loan.loanId} (${loan.status}, ${loan.request.totalPrice}, refunded ${centsToDecimal(refundedCents(loan))} at the service; ledger ${row ? row.state : "no row"})`
  const breaches: string[] = []
  if (!row) breaches.push(`${name}: the ledger has no row for a loan the plugin created`)
  if (holders.length > 1) breaches.push(`${name}: held by ${holders.length} orders (${holders.join(", ")})`)
  if (isPaid(loan) && holders.length !== 1 && !inFull(loan) && !listed(row)) {
    breaches.push(`${name}: paid, but held by ${holders.length} orders, not refunded in full, and not on the attention list`)
  }
  if (!isPaid(loan) && (holders.length || listed(row) || loan.refunds.length)) {
    breaches.push(
      `${name}: not paid, yet ${holders.length ? `held by order ${holders.join(", ")}` : listed(row) ? "on the attention list" : "refunded"}`,
    )
  }
  return breaches
}

function checkOrder(order: OrderPayment, facts: MoneyFacts, rows: Map<number, LedgerRow>): string[] {
  const name = `order ${order.order_id} (${order.order_status}, payment ${order.payment_id ?? "none"}: captured ${centsToDecimal(order.captured)}, refunded ${centsToDecimal(order.refunded)}${order.canceled ? ", canceled" : ""})`
  const loan = facts.loans.find((candidate) => candidate.loanId === order.loan_id)
  if (!loan) return [`${name}: holds no loan of the financing service`]
  const service = refundedCents(loan)
  const of = `loan ${loan.loanId} refunded ${centsToDecimal(service)} of ${loan.request.totalPrice} at the service`
  if (order.captured > 0) {
    const breaches = order.refunded === service ? [] : [`${name}: Medusa's refunds differ from the service's (${of})`]
    // Case 2: cancelling refunds what remains; a refund that could not be made is listed, never silent.
    if (order.order_status === "canceled" && !inFull(loan) && !listed(rows.get(loan.loanId))) {
      breaches.push(`${name}: cancelled, but ${of} and the loan is not on the attention list`)
    }
    return breaches
  }
  if (order.order_status === "canceled") {
    const breaches = []
    if (!order.canceled) breaches.push(`${name}: the order is cancelled but its uncaptured payment is not`)
    if (!inFull(loan)) breaches.push(`${name}: cancelled with an uncaptured payment, but ${of}`)
    return breaches
  }
  if (service !== order.refunded && !listed(rows.get(loan.loanId)))
    return [`${name}: Medusa's refunds differ from the service's (${of}) and the mismatch is not on the attention list`]
  return []
}
