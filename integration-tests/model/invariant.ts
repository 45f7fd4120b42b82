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
 * Refunds compare amount by amount, not as sums: each refund at the service (asked for by the
 * plugin, or made in the portal and recorded by the admin) is one refund in Medusa of the same
 * amount, so no refund check can make the books agree with a refund of its own making.
 * A listing counts only when the books show the mismatch it is for (see `mismatchOf`).
 * Liveness: a paid loan, refunded by nobody, for what its cart holds at the end, on a cart that
 * no order holds, is made the cart's order: being listed is not enough.
 */
export interface MoneyFacts {
  loans: Loan[]
  rows: LedgerRow[]
  orders: OrderPayment[]
  /** Loans with a refund made outside Medusa that the plugin's book holds open for the admin. */
  openOutside: number[]
  /** Each cart's line quantity at the end (one line of one variant: the quantity decides the total). */
  carts: Array<{ cartId: string; quantity: number }>
}

export const isPaid = (loan: Loan) => loan.status === "OUTSTANDING" || loan.status === "HISTORICAL"
const refundedCents = (loan: Loan) => loan.refunds.reduce((sum, refund) => sum + decimalToCents(refund.totalAmount), 0)
const inFull = (loan: Loan) => refundedCents(loan) >= numberToCents(loan.request.totalPrice)
const listed = (row: LedgerRow | undefined) => row?.state === "needs_attention" && !!row.attention_reason?.trim()
const serviceRefunds = (loan: Loan) => loan.refunds.map((refund) => decimalToCents(refund.totalAmount)).sort((a, b) => a - b)
const sameAmounts = (a: number[], b: number[]) => a.length === b.length && a.every((amount, i) => amount === b[i])
const amounts = (cents: number[]) => `[${cents.map(centsToDecimal).join(", ")}]`

export function checkMoney(facts: MoneyFacts): string[] {
  const rows = new Map(facts.rows.map((row) => [row.loan_id, row]))
  return [
    ...facts.loans.flatMap((loan) => checkLoan(loan, rows.get(loan.loanId), facts.orders)),
    ...facts.loans.flatMap((loan) => checkListing(loan, rows.get(loan.loanId), facts)),
    ...facts.loans.flatMap((loan) => checkLiveness(loan, facts)),
    ...facts.orders.flatMap((order) => checkOrder(order, facts, rows)),
  ]
}

/** A paid loan that its cart can still take must end as the cart's order. */
function checkLiveness(loan: Loan, facts: MoneyFacts): string[] {
  if (!isPaid(loan) || loan.refunds.length) return []
  const cart = facts.carts.find((candidate) => candidate.cartId === loan.cartId)
  const products = loan.request.products ?? []
  const matches = cart && products.length === 1 && products[0].count === cart.quantity
  const cartOrdered = facts.orders.some(
    (order) => order.cart_id === loan.cartId || facts.loans.some((l) => l.cartId === loan.cartId && l.loanId === order.loan_id),
  )
  if (!matches || cartOrdered) return []
  return [
    `loan ${loan.loanId} is paid for what cart ${loan.cartId} holds, nobody refunded it and no order holds the cart, yet it is not the cart's order`,
  ]
}

/** A listed loan must name a mismatch that exists: a listing is not a way out of the rule. */
function checkListing(loan: Loan, row: LedgerRow | undefined, facts: MoneyFacts): string[] {
  if (!row || !listed(row) || !isPaid(loan)) return []
  if (mismatchOf(loan, row, facts)) return []
  return [`loan ${loan.loanId} is on the attention list ("${row.attention_reason}"), but the two books show no mismatch for it`]
}

/** The mismatch between the books that a listing of `loan` can stand for, if there is one. */
function mismatchOf(loan: Loan, row: LedgerRow, facts: MoneyFacts): string | undefined {
  const holders = facts.orders.filter((order) => order.loan_id === loan.loanId)
  if (holders.length !== 1 && !inFull(loan)) return "paid, in no single order, not refunded in full"
  if (holders.length > 1) return "held by two orders"
  if (facts.openOutside.includes(loan.loanId)) return "a refund made outside Medusa waits for its amount"
  const suspect = row.suspect_order_id && facts.orders.find((order) => order.order_id === row.suspect_order_id && order.order_status !== "canceled")
  if (suspect) return "a second order of the cart is live"
  const [order] = holders
  if (!order) return undefined
  const service = serviceRefunds(loan)
  if (order.captured > 0 && !sameAmounts(order.refunds, service)) return "Medusa's refunds differ from the service's"
  if (order.order_status === "canceled" && !inFull(loan)) return "a cancelled order on a loan not refunded in full"
  if (order.order_status !== "canceled" && order.canceled) return "a live order whose payment is cancelled"
  if (order.order_status !== "canceled" && order.captured === 0 && service.length) return "an uncaptured live payment on a refunded loan"
  return undefined
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
    const breaches = sameAmounts(order.refunds, serviceRefunds(loan))
      ? []
      : [`${name}: Medusa's refunds ${amounts(order.refunds)} differ, amount by amount, from the service's ${amounts(serviceRefunds(loan))} (${of})`]
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
