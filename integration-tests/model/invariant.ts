import type { Loan, Refund } from "../../packages/sandbox"
import { centsToDecimal, decimalToCents, numberToCents } from "../../packages/sandbox/money"
import { type AskedCauses, checkAttribution, checkSummaries, type OrderSummary } from "./attribution"
import { type BookRow, isUndecided, type LedgerRow, type OrderPayment } from "./facts"
import type { SentRefund } from "./requests"

/**
 * The ledger issue's rule for money, checked between the two books after the last reconcile:
 * the service's (the sandbox's loans and refunds, exact to the loan) and Medusa's (its
 * database). Each breach is one line naming the loan or order and the figures.
 *
 * For every loan of the sequence's carts:
 *   paid <=> (exactly one order holds it) or (refunded in full at the service)
 *            or (on the attention list with a reason)
 * and no loan is held by two orders. For every order:
 *   - a captured payment carries refunds equal to the service's refunds of its loan;
 *   - a cancelled order's loan is refunded in full at the service (a cancel that cannot refund
 *     it must be refused, not listed), and its uncaptured payment is cancelled;
 *   - an uncaptured payment still live: no refund at the service, or the mismatch listed.
 * Refunds compare amount by amount, not as sums: each refund at the service (asked for by the
 * plugin, or made in the portal and recorded by the admin) is one refund in Medusa of the same
 * amount, so no refund check can make the books agree with a refund of its own making.
 * A listing counts only when the books show the mismatch it is for (see `mismatchOf`).
 * Liveness: a paid loan, refunded by nobody, for what its cart holds at the end, on a cart that
 * no order holds, is made the cart's order: being listed is not enough.
 * Requests: never a refund request sent twice under one key after one that may have applied,
 * and a request the admin dismissed (it did not happen) never leaves a refund in Medusa.
 * Causes (attribution.ts): every refund at the service stands for one entry of the plugin's book
 * and one cause the model started; no refund without one, no cause used twice.
 * Summaries (attribution.ts): a live order captured in full shows paid less refunded equal to
 * what the service holds of its loans; a paid loan never leaves its order's total pending.
 * Asks (checked as each happens, `checkAsk`): a refund the admin asks for, within what remains,
 * with no fault injected and nothing unclear on the cart's books, goes through and lists nothing:
 * a plugin that refuses everything does not pass.
 */
export interface MoneyFacts {
  loans: Loan[]
  rows: LedgerRow[]
  orders: OrderPayment[]
  /** The plugin's book of refunds on the carts. */
  book: BookRow[]
  /** The refund requests the service received for the carts. */
  sent: SentRefund[]
  /** Each cart's line quantity at the end (one line of one variant: the quantity decides the total). */
  carts: Array<{ cartId: string; quantity: number }>
  /** Each order's summary as Medusa's admin API answers it. */
  summaries: OrderSummary[]
  /** What the model did that may start a refund, to attribute each refund at the service to its cause. */
  asked: AskedCauses
  /** The store captures a confirmed loan's payment at once (autoCapture): Medusa's order shows it paid. */
  autoCapture: boolean
  /**
   * Loans the service made while the plugin's replies were lost: the plugin cannot know them, and
   * nobody has their link, so they hold no money as long as they stay unpaid.
   */
  linkless: ReadonlySet<number>
}

export const isPaid = (loan: Loan) => loan.status === "OUTSTANDING" || loan.status === "HISTORICAL"
const refundedCents = (loan: Loan) => loan.refunds.reduce((sum, refund) => sum + decimalToCents(refund.totalAmount), 0)
const inFull = (loan: Loan) => refundedCents(loan) >= numberToCents(loan.request.totalPrice)
const listed = (row: LedgerRow | undefined) => row?.state === "needs_attention" && !!row.attention_reason?.trim()
const serviceRefunds = (loan: Loan) => loan.refunds.map((refund) => decimalToCents(refund.totalAmount)).sort((a, b) => a - b)
/**
 * The service's refunds of the loan that Medusa records on the order's payment: all of them, but
 * for the cancel of an order captured in part, whose uncaptured rest the plugin refunds by its
 * book alone (Medusa refunds only what it captured): one refund of exactly that rest, or several
 * when Medusa had released that rest before the cancel (refunded then, a refund in the portal
 * counted on it).
 */
function refundsMedusaRecords(order: OrderPayment, loan: Loan): number[] {
  const service = serviceRefunds(loan)
  const rest = numberToCents(loan.request.totalPrice) - order.captured
  if (order.order_status !== "canceled" || rest <= 0) return service
  const at = service.indexOf(rest)
  if (at >= 0) return [...service.slice(0, at), ...service.slice(at + 1)]
  const beside = besideMedusa(service, order.refunds)
  return beside && sum(beside) === rest ? order.refunds : service
}
const sum = (cents: number[]) => cents.reduce((total, amount) => total + amount, 0)
/**
 * Medusa released the uncaptured rest of a payment captured in part while its order stays (an
 * order change after a partial capture cancels the payment and asks the rest in a new collection).
 */
export const releasedRest = (order: OrderPayment): boolean => order.canceled && order.captured > 0 && order.order_status !== "canceled"
/** The service's refunds less one of each of Medusa's; undefined when Medusa has one the service lacks. */
function besideMedusa(service: number[], medusa: number[]): number[] | undefined {
  const left = [...service]
  for (const amount of medusa) {
    const at = left.indexOf(amount)
    if (at < 0) return undefined
    left.splice(at, 1)
  }
  return left
}
const sameAmounts = (a: number[], b: number[]) => a.length === b.length && a.every((amount, i) => amount === b[i])
const amounts = (cents: number[]) => `[${cents.map(centsToDecimal).join(", ")}]`

export function checkMoney(facts: MoneyFacts): string[] {
  const rows = new Map(facts.rows.map((row) => [row.loan_id, row]))
  return [
    ...facts.loans
      .filter((loan) => !(facts.linkless.has(loan.loanId) && !isPaid(loan) && !rows.has(loan.loanId)))
      .flatMap((loan) => checkLoan(loan, rows.get(loan.loanId), facts.orders)),
    ...facts.loans.flatMap((loan) => checkListing(loan, rows.get(loan.loanId), facts)),
    ...facts.loans.flatMap((loan) => checkLiveness(loan, facts)),
    ...facts.orders.flatMap((order) => checkOrder(order, facts, rows)),
    ...checkSentOnce(facts.sent, facts.loans),
    ...checkDismissed(facts),
    ...checkAttribution(facts.loans, facts.book, facts.asked),
    ...checkSummaries(facts.summaries, facts.orders, facts.loans, facts.rows, facts.autoCapture),
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
  if (facts.book.some((entry) => entry.loan_id === loan.loanId && isUndecided(entry)))
    return "a refund of it waits for the admin (unclear, or made outside Medusa)"
  const suspect = row.suspect_order_id && facts.orders.find((order) => order.order_id === row.suspect_order_id && order.order_status !== "canceled")
  if (suspect) return "a second order of the cart is live"
  const [order] = holders
  if (!order) return undefined
  const service = serviceRefunds(loan)
  if (order.captured > 0 && !sameAmounts(order.refunds, refundsMedusaRecords(order, loan))) return "Medusa's refunds differ from the service's"
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

/**
 * Never a refund sent twice for one request: under one idempotency key, no request follows one
 * that may have applied. Only a plain refusal applied nothing: a 4xx, or a 200 after which no
 * refund of its amount and reason appeared (REJECTED). A lost reply, a 5xx or no answer at all
 * may have applied, so the key is spent: a new request is a new key (the admin dismissed it).
 */
export function checkSentOnce(sent: SentRefund[], loans: Loan[]): string[] {
  const refunds = loans.flatMap((loan) => loan.refunds).sort((a, b) => Date.parse(a.refundDate) - Date.parse(b.refundDate))
  const matched = new Set<Refund>()
  const appliedAs = (request: SentRefund): Refund | undefined => {
    const at = Date.parse(request.at)
    const refund = refunds.find(
      (candidate) =>
        !matched.has(candidate) &&
        candidate.cartId === request.cartId &&
        decimalToCents(candidate.totalAmount) === decimalToCents(request.totalAmount) &&
        candidate.reason === request.reason &&
        Date.parse(candidate.refundDate) >= at - 50 &&
        Date.parse(candidate.refundDate) <= at + 10_000,
    )
    if (refund) matched.add(refund)
    return refund
  }
  const spent = new Map<string, SentRefund>()
  const breaches: string[] = []
  for (const request of sent) {
    if (request.fault === "reject") continue
    const applied = appliedAs(request)
    const unclear = request.fault !== null || request.status === null || request.status >= 500
    const earlier = request.key ? spent.get(request.key) : undefined
    if (earlier) {
      breaches.push(
        `refund request of ${request.totalAmount} on cart ${request.cartId} sent again under key ${request.key} at ${request.at}, after the one at ${earlier.at} (${earlier.fault ?? earlier.status ?? "no answer"}) that may have applied`,
      )
    }
    if (request.key && (applied || unclear)) spent.set(request.key, request)
  }
  return breaches
}

/** A request of the plugin's that the admin dismissed did not happen: Medusa must not keep a refund for it. */
function checkDismissed(facts: MoneyFacts): string[] {
  const live = new Set(facts.orders.flatMap((order) => order.refund_ids))
  return facts.book
    .filter((entry) => entry.kind === "requested" && entry.state === "dismissed" && entry.medusa_refund_id && live.has(entry.medusa_refund_id))
    .map(
      (entry) =>
        `refund ${entry.id} of ${centsToDecimal(entry.amount ?? 0)} on loan ${entry.loan_id} was dismissed by the admin (it did not happen), yet Medusa keeps it as refund ${entry.medusa_refund_id}`,
    )
}

/** One cart's books, as the admin's request finds them. */
export interface CartBooks {
  loans: Loan[]
  book: BookRow[]
  /** The order that holds the loan, when one does. */
  order?: OrderPayment
}

/** The loan a refund on the cart reaches at the service (it refunds by cart): the newest outstanding, else the newest closed. */
export const serviceTarget = (loans: Loan[]): Loan | undefined =>
  loans.filter((loan) => loan.status === "OUTSTANDING").pop() ?? loans.filter((loan) => loan.status === "HISTORICAL").pop()

/**
 * Why a refund the admin asks for on `loanId` now may be refused or listed, if it may: something
 * unclear on the cart's books. An entry the admin must settle (a lost reply, a refund made
 * outside Medusa); a refund at the service the book does not hold yet (made in the portal, not
 * recorded); a refund that would reach another loan (the service refunds by cart); Medusa's
 * refunds and the service's already apart. Undefined: the request must go through.
 */
export function excuseOf({ loans, book, order }: CartBooks, loanId: number): string | undefined {
  const undecided = book.find(isUndecided)
  if (undecided) return `${undecided.kind} refund ${undecided.id} on loan ${undecided.loan_id} is ${undecided.state}`
  for (const loan of loans) {
    const booked = book
      .filter((entry) => entry.loan_id === loan.loanId && (entry.state === "accepted" || entry.state === "recorded"))
      .reduce((sum, entry) => sum + (entry.amount ?? 0), 0)
    if (booked !== refundedCents(loan)) {
      return `the service refunded ${centsToDecimal(refundedCents(loan))} of loan ${loan.loanId}, the plugin's book holds ${centsToDecimal(booked)}`
    }
  }
  const target = serviceTarget(loans)
  if (target?.loanId !== loanId) return `a refund on the cart would reach loan ${target?.loanId ?? "none"} at the service, not ${loanId}`
  const other = loans.find((loan) => loan.loanId !== loanId && isPaid(loan) && !inFull(loan))
  if (other) return `the cart's other paid loan ${other.loanId} is not refunded in full (the service refunds by cart)`
  if (order && order.captured > 0 && !sameAmounts(order.refunds, serviceRefunds(target))) return "Medusa's refunds and the service's already differ"
  return undefined
}

/** A request of the admin's that moves a loan's money: the order page's refund, the order's cancel, *Refund in full*. */
export interface AdminAsk {
  what: string
  loanId: number
  /** Why the strict rule does not hold it (a fault injected, something unclear, another command racing); undefined: it must go through. */
  excused: string | undefined
  reply: { status: number; text: string }
  /** One refund of these cents, or the loan refunded in full. */
  expect: { refund: number } | "in-full"
  /** The loan's refunds the service made meanwhile, cents; undefined when another command raced it. */
  made?: number[]
  refundableAfter: number
  listedBefore: boolean
  listedAfter: boolean
}

/** The strict rule for one admin request (see the top of this file). */
export function checkAsk(ask: AdminAsk): string[] {
  if (ask.excused) return []
  const why = `within what remains, no fault injected, nothing unclear on loan ${ask.loanId}'s cart`
  const breaches: string[] = []
  if (ask.reply.status < 200 || ask.reply.status >= 300) breaches.push(`${ask.what}: refused (${ask.reply.text}), ${why}`)
  else if (ask.expect === "in-full" && ask.refundableAfter > 0)
    breaches.push(`${ask.what}: answered ${ask.reply.status}, yet loan ${ask.loanId} keeps ${centsToDecimal(ask.refundableAfter)} unrefunded`)
  else if (ask.expect !== "in-full" && ask.made && !(ask.made.length === 1 && ask.made[0] === ask.expect.refund))
    breaches.push(`${ask.what}: answered ${ask.reply.status}, the service refunded ${amounts(ask.made)} of loan ${ask.loanId}`)
  if (ask.listedAfter && !ask.listedBefore) breaches.push(`${ask.what}: put loan ${ask.loanId} on the attention list, ${why}`)
  return breaches
}

function checkOrder(order: OrderPayment, facts: MoneyFacts, rows: Map<number, LedgerRow>): string[] {
  const name = `order ${order.order_id} (${order.order_status}, payment ${order.payment_id ?? "none"}: captured ${centsToDecimal(order.captured)}, refunded ${centsToDecimal(order.refunded)}${order.canceled ? ", canceled" : ""})`
  // Placed before its financing (orderBeforeFinancing): once everything settled, its loan paid it or it was cancelled.
  // A collection Medusa opened beside the loan's payment (an order change) is that payment's order, checked on its own row.
  const paidElsewhere = facts.orders.some((other) => other.order_id === order.order_id && other.payment_id)
  if (!order.payment_id)
    return order.order_status === "canceled" || paidElsewhere ? [] : [`${name}: live, yet no payment: its loan neither paid it nor ended it`]
  const loan = facts.loans.find((candidate) => candidate.loanId === order.loan_id)
  if (!loan) return [`${name}: holds no loan of the financing service`]
  const service = refundedCents(loan)
  const of = `loan ${loan.loanId} refunded ${centsToDecimal(service)} of ${loan.request.totalPrice} at the service`
  if (releasedRest(order)) {
    // Medusa records the refunds of what it captured; the service's others are the released rest
    // going back (the admin's *Refund in full*, refunds in the portal), or the loan is listed.
    const beside = besideMedusa(serviceRefunds(loan), order.refunds)
    if (!beside)
      return [`${name}: Medusa's refunds ${amounts(order.refunds)} are not all among the service's ${amounts(serviceRefunds(loan))} (${of})`]
    const rest = numberToCents(loan.request.totalPrice) - order.captured
    const back = sum(beside)
    if (back === rest || listed(rows.get(loan.loanId))) return []
    return [
      `${name}: Medusa released the uncaptured rest of ${centsToDecimal(rest)}, the service refunded ${centsToDecimal(back)} of it, and the loan is not listed (${of})`,
    ]
  }
  if (order.captured > 0) {
    const recorded = refundsMedusaRecords(order, loan)
    const breaches = sameAmounts(order.refunds, recorded)
      ? []
      : [`${name}: Medusa's refunds ${amounts(order.refunds)} differ, amount by amount, from the service's ${amounts(recorded)} (${of})`]
    // Case 2: cancelling refunds what remains; a cancel whose refund cannot be made is refused, and the order stays.
    // The store's own cancelOrderWorkflow is Medusa's, which cancels anyway: the loan must then be listed.
    const storeListed = facts.asked.storeCancelled.has(order.order_id) && listed(rows.get(loan.loanId))
    if (order.order_status === "canceled" && !inFull(loan) && !storeListed) breaches.push(`${name}: cancelled, but ${of}`)
    return breaches
  }
  if (order.order_status === "canceled") {
    const breaches = []
    if (!order.canceled) breaches.push(`${name}: the order is cancelled but its uncaptured payment is not`)
    // As above: the store's own cancel goes through when the loan's refund cannot (a refund in the portal unsettled), and lists the loan.
    const storeListed = facts.asked.storeCancelled.has(order.order_id) && listed(rows.get(loan.loanId))
    if (!inFull(loan) && !storeListed) breaches.push(`${name}: cancelled with an uncaptured payment, but ${of}`)
    return breaches
  }
  // A payment Medusa cancelled under a live order (a completion it rolled back, then the cart paid
  // again) holds no money: its loan ends refunded in full like any loan no order holds.
  if (order.canceled && inFull(loan)) return []
  if (service !== order.refunded && !listed(rows.get(loan.loanId)))
    return [`${name}: Medusa's refunds differ from the service's (${of}) and the mismatch is not on the attention list`]
  return []
}
