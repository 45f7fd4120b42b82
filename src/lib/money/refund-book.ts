import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { type BookEntry, UNCLEAR_REFUND_STATES } from "../../modules/bnpl/types"
import { bnplFromContainer } from "../options/resolve-options"
import type { BnplOptions } from "../options/options"
import { worstRequestMs } from "../service/client"
import { CART_LOCK_WAIT } from "../ledger/locks"
import { toCents, toDecimal } from "../service/money"
import { centsToDecimal, RefundRejectedError, RefundUnknownError, refundOnce } from "../service/refunds"
import type { LoanRecord, RefundRecord } from "../service/wire"
import { isPaid } from "../service/status"
import { emitBookEntries } from "../ledger/emit-events"
import { ledgerOf } from "../ledger/ledger"
import { loanAtService } from "../ledger/loan-at-service"
import { orderOfRefundedLoan, refuseRefundDuringOrderChange } from "./order-change-guard"
import { leaveRefundRecordToItsWorkflow } from "../medusa/order-transactions"
import { type RefundProgress, refundSpan } from "../telemetry/refund-span"

/** One refund Medusa asks the provider for, as the plugin's book takes it. */
export interface RefundAsked {
  cartId: string
  loanId: number
  totalAmount: string
  /** Medusa's refund record, made before the provider is called: the request's key. */
  medusaRefundId: string
}

/** Books the refund, sends it once, and resolves when the service accepted it; throws otherwise. */
export type RefundSender = (refund: RefundAsked) => Promise<void>

/**
 * The plugin's book of refunds (modules/bnpl/models/bnpl-refund.ts), and the rules read from
 * it. The service's refund history holds no amount, so what was refunded on a loan, and what
 * remains, come from the book alone; the history is only counted against it.
 */

/**
 * Entries that stand for an entry of the service's history (or may: a lost reply). A dismissed
 * outside refund is still in the history (it is not this loan's money); a dismissed request of
 * the plugin's is one the admin found never happened, so it stands for nothing.
 */
const AT_SERVICE: ReadonlySet<BookEntry["state"]> = new Set(["sending", "accepted", "unknown", "open", "recorded", "dismissed"])
const standsForHistoryEntry = (entry: BookEntry): boolean =>
  AT_SERVICE.has(entry.state) && !(entry.kind === "requested" && entry.state === "dismissed")
/** Entries whose amount left the loan. */
const REFUNDED: ReadonlySet<BookEntry["state"]> = new Set(["accepted", "recorded"])
/** Entries that leave what remains on the loan unknown until the admin decides. */
const UNDECIDED: ReadonlySet<BookEntry["state"]> = new Set(UNCLEAR_REFUND_STATES)
export const isUndecided = (entry: BookEntry): boolean => UNDECIDED.has(entry.state)

/** What the book shows refunded on a loan, decimal. */
export function refundedOn(book: BookEntry[], loanId: number): string {
  const cents = book.filter((e) => e.loan_id === loanId && REFUNDED.has(e.state)).reduce((sum, e) => sum + toCents(e.amount ?? "0"), 0n)
  return centsToDecimal(cents)
}

/** The entries of a loan that the admin must settle before the plugin refunds anything on it. */
export const undecidedOf = (book: BookEntry[], loanId: number): BookEntry[] => book.filter((e) => e.loan_id === loanId && UNDECIDED.has(e.state))

/** What remains refundable on a loan, or why that is unknown. */
export function remainingOn(book: BookEntry[], loan: LoanRecord): { remaining: string } | { unknown: string } {
  const undecided = undecidedOf(book, loan.loanId)
  if (undecided.length) return { unknown: undecidedReason(undecided[0], loan.loanId) }
  const left = toCents(loan.totalAmount) - toCents(refundedOn(book, loan.loanId))
  return { remaining: centsToDecimal(left > 0n ? left : 0n) }
}

/** Words for the admin about an entry that stops refunds on the loan. */
export function undecidedReason(entry: BookEntry, loanId: number): string {
  if (entry.kind === "outside") {
    return `A refund of unknown amount was made outside Medusa (the service's portal) on loan ${loanId}${entry.refund_date ? ` on ${entry.refund_date}` : ""}. Record its amount, or dismiss it with a reason.`
  }
  return `The refund of ${toDecimal(entry.amount ?? 0)} on loan ${loanId} got no clear answer from the service: it may or may not have happened. Check the loan in the service's portal, then record or dismiss it.`
}

/**
 * Entries of the history that nothing in the book stands for, newest first: refunds made
 * outside Medusa. Entries are counted, not matched (they carry no id), and a refund the book
 * knows may not be in the history yet, so this can only under-count, never invent one.
 */
export function unexplained(history: RefundRecord[], book: BookEntry[]): RefundRecord[] {
  const left = [...history].sort((a, b) => Date.parse(a.refundDate) - Date.parse(b.refundDate))
  const atService = book.filter(standsForHistoryEntry)
  // A dated entry explains the history entry nearest its moment: the reply's own date, the
  // history's for a refund booked from it, or for a refund Medusa recorded, the moment it did (just
  // after the service). A request whose reply was lost (or not kept yet) has only the moment it was
  // booked, just before it was sent: if it applied, its entry is dated just after. A portal refund
  // beside it keeps its own date, and so the amount the admin gives.
  const dated = atService.flatMap((entry) => {
    const at = momentOf(entry)
    return at === undefined ? [] : [at]
  })
  for (const at of dated) {
    if (!left.length) return []
    const nearest = left.reduce(
      (best, candidate, i) => (Math.abs(Date.parse(candidate.refundDate) - at) < Math.abs(Date.parse(left[best].refundDate) - at) ? i : best),
      0,
    )
    left.splice(nearest, 1)
  }
  // Entries with no moment at all explain the oldest of the rest.
  const undated = atService.length - dated.length
  return left.slice(undated).reverse()
}

/** When an entry's refund happened at the service, or about: see `unexplained`. */
function momentOf(entry: BookEntry): number | undefined {
  if (entry.refund_date) return Date.parse(entry.refund_date)
  if (entry.kind === "requested" && entry.created_at) return new Date(entry.created_at).getTime()
  return undefined
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/
const DAY_MS = 86_400_000

/**
 * The paid loan a history entry belongs to (the history names no loan): the latest paid one
 * that existed at its date. `authorizeDate` is the loan's creation date (docs/service-api.md).
 */
export function loanOfEntry(entry: RefundRecord, loans: LoanRecord[]): LoanRecord | undefined {
  // A date without a time (the service does not promise one) stands for any moment of that day.
  const at = DATE_ONLY.test(entry.refundDate) ? Date.parse(entry.refundDate) + DAY_MS - 1 : Date.parse(entry.refundDate)
  const paid = loans.filter(isPaid).sort((a, b) => Date.parse(b.authorizeDate) - Date.parse(a.authorizeDate))
  return paid.find((loan) => Date.parse(loan.authorizeDate) <= at) ?? paid[paid.length - 1]
}

/** Books the history's unexplained entries as refunds made outside Medusa, of unknown amount. */
export async function bookOutsideRefunds(
  container: MedusaContainer,
  cartId: string,
  history: RefundRecord[],
  loans: LoanRecord[],
  book: BookEntry[],
) {
  const found = unexplained(history, book).flatMap((entry) => {
    const loan = loanOfEntry(entry, loans)
    return loan
      ? [{ loan_id: loan.loanId, service_cart_id: cartId, kind: "outside" as const, state: "open" as const, refund_date: entry.refundDate }]
      : []
  })
  if (!found.length) return []
  const booked = await ledgerOf(container).bookFoundRefunds(found)
  await emitBookEntries(container, booked)
  return booked
}

/**
 * The cart's book with the service's history counted against it: refunds made in the portal
 * that no entry explains are booked first (outside, of unknown amount), so a refund asked now
 * waits behind them. Answers the service's loans too, for the caller that needs them.
 */
export async function standingBook(container: MedusaContainer, cartId: string): Promise<{ loans: LoanRecord[]; book: BookEntry[] }> {
  const { loans, history, book } = await loanAtService(container, cartId)
  const outside = await bookOutsideRefunds(container, cartId, history, loans, book)
  return { loans, book: [...book, ...outside] }
}

/** One of Medusa's refunds on a loan's payment, as the plugin reads it (queries.ts). */
export interface MedusaRefund {
  id: string
  amount: string
  created_at: string
}

/** The service's answers the provider reads between taking the loan's lock and booking a refund: the status and the refund history. */
const READS_BEFORE_BOOKING = 2

/**
 * How long one of Medusa's refunds may go unbooked while the provider is still on its way to
 * booking it. Medusa commits its refund before it calls the provider, and the provider books the
 * store's own refund only once it holds the loan's lock, which a refund check or a cancel may be
 * holding: the longest wait for the lock, then the book's reads of the service.
 */
export const onItsWayMs = (options: Pick<BnplOptions, "timeoutMs" | "retries">): number =>
  CART_LOCK_WAIT.timeout * 1000 + READS_BEFORE_BOOKING * worstRequestMs(options)

/**
 * Medusa's refunds the book does not hold, split by age: those the provider may still be booking
 * (`onItsWay`: sending it is the provider's, and booking it here would make the provider find it
 * booked and send nothing), and the rest.
 */
export function unbookedMedusaRefunds<R extends MedusaRefund>(
  refunds: R[],
  book: BookEntry[],
  windowMs: number,
  now: number = Date.now(),
): { onItsWay: R[]; settled: R[] } {
  const known = new Set(book.map((e) => e.medusa_refund_id).filter(Boolean))
  const missing = refunds.filter((refund) => !known.has(refund.id))
  const young = (refund: R) => now - new Date(refund.created_at).getTime() < windowMs
  return { onItsWay: missing.filter(young), settled: missing.filter((refund) => !young(refund)) }
}

/**
 * Medusa's refunds on a loan's payment that the book does not hold and that are no longer on their
 * way (made through the provider): booked as accepted. Answers those booked, and those left to
 * the provider.
 */
export async function bookMedusaRefunds<R extends MedusaRefund>(
  container: MedusaContainer,
  loan: { loanId: number; cartId: string },
  refunds: R[],
  book: BookEntry[],
): Promise<{ booked: BookEntry[]; onItsWay: R[] }> {
  const { onItsWay, settled } = unbookedMedusaRefunds(refunds, book, onItsWayMs(bnplFromContainer(container).options))
  if (!settled.length) return { booked: [], onItsWay }
  const booked = await ledgerOf(container).bookFoundRefunds(
    settled.map((refund) => ({
      loan_id: loan.loanId,
      service_cart_id: loan.cartId,
      kind: "requested" as const,
      state: "accepted" as const,
      // The book holds what the service refunded: the provider sent Medusa's amount rounded (money.ts).
      amount: toDecimal(refund.amount),
      reason: "refund from Medusa",
      medusa_refund_id: refund.id,
      idempotency_key: refund.id,
      // Not the service's date, which the history does not tie to it: Medusa's, moments after.
      refund_date: refund.created_at,
    })),
  )
  await emitBookEntries(container, booked)
  return { booked, onItsWay }
}

export interface BookedRequest {
  loanId: number
  cartId: string
  amount: string
  reason: string
  idempotencyKey: string
  /** The Medusa refund this request is for, when Medusa's refund path asked for it. */
  medusaRefundId?: string
}

/**
 * The entry a request's key names now. A request that applied nothing (the service refused it,
 * or the admin found it never happened) hands its key on: the next request under that key is a
 * new one, under the ended entry's id appended to it, so a service that honours keys never
 * answers it with the old refusal.
 */
const HANDS_KEY_ON: ReadonlySet<BookEntry["state"]> = new Set(["dismissed", "rejected"])
async function entryOfKey(container: MedusaContainer, key: string): Promise<{ key: string; existing?: BookEntry }> {
  const [existing] = await ledgerOf(container).listBnplRefunds({ idempotency_key: key }, { take: 1 })
  if (existing?.kind === "requested" && HANDS_KEY_ON.has(existing.state)) return entryOfKey(container, `${key}:${existing.id}`)
  return { key, existing }
}

/**
 * A refund the plugin asks for, booked before it is sent: a repeat with the same key finds
 * the entry and sends nothing, a crash leaves it `sending` (listed, never sent again), and the
 * reply's fields are kept. A rejection or an unknown outcome is booked, then thrown. While a
 * refund of the plugin's on the loan is undecided (a lost reply, a crash mid-request), nothing is
 * sent, whichever path asks: it may have applied, and only the admin can say.
 */
export function bookedRefund(container: MedusaContainer, request: BookedRequest, standing?: BookEntry[]): Promise<BookEntry> {
  return refundSpan(request, (progress) => bookAndSend(container, request, standing, progress))
}

async function bookAndSend(container: MedusaContainer, request: BookedRequest, standing: BookEntry[] | undefined, progress: RefundProgress) {
  const ledger = ledgerOf(container)
  const { key, existing } = await entryOfKey(container, request.idempotencyKey)
  const held = (entry: BookEntry, loanId: number) => {
    progress.outcome("held")
    return new MedusaError(MedusaError.Types.NOT_ALLOWED, undecidedReason(entry, loanId))
  }
  // A request whose outcome is unknown (a lost reply, a crash mid-request) waits for the admin.
  if (existing && UNDECIDED.has(existing.state)) throw held(existing, existing.loan_id)
  if (existing) {
    progress.outcome("repeat")
    return existing
  }
  const { client } = bnplFromContainer(container)
  const book = standing ?? (await standingBook(container, request.cartId)).book
  // A refund whose outcome is unknown (a lost reply, or one made in the service's portal, of an
  // amount nobody told Medusa) may already have taken what this one asks: nothing goes out on the
  // loan until the admin settles it, whichever path asks.
  const [undecided] = undecidedOf(book, request.loanId)
  if (undecided) throw held(undecided, request.loanId)
  const entry = await ledger.bookRefundRequest({ ...request, key })
  progress.booked()
  try {
    progress.sent()
    const reply = await refundOnce(client, { cartId: request.cartId, totalAmount: request.amount, reason: request.reason }, key)
    const accepted = await ledger.recordRefundOutcome(entry.id, "accepted", {
      refund_id: String(reply.refundId),
      refund_date: reply.refundDate,
      refund_status: reply.refundStatus,
    })
    progress.outcome("accepted")
    await emitBookEntries(container, [accepted])
    return accepted
  } catch (error) {
    const reply = error instanceof RefundRejectedError ? error.reply : undefined
    // A refusal (REJECTED, or a 4xx) applied nothing; anything else may have.
    const state = error instanceof RefundUnknownError ? "unknown" : "rejected"
    progress.outcome(state)
    const settled = await ledger.recordRefundOutcome(entry.id, state, {
      refund_id: reply ? String(reply.refundId) : null,
      refund_date: reply?.refundDate ?? null,
      refund_status: reply?.refundStatus ?? null,
    })
    await emitBookEntries(container, [settled])
    throw error
  }
}

/**
 * Why a paid loan must not become a new order's payment, if it must not: closed at the
 * service (HISTORICAL: paid off or refunded, the record does not say which), a refund of it in
 * the book, or a refund in the cart's history that the book cannot explain (the history names no
 * loan, so it may be this one's). A refund the book gives to an earlier loan of the cart does not count.
 */
export function refundBlock(loan: LoanRecord, cartId: string, history: RefundRecord[], book: BookEntry[]): string | undefined {
  if (loan.status === "HISTORICAL") return `Loan ${loan.loanId} is closed at the service (refunded or paid off), so it cannot pay a new order.`
  const own = book.filter((e) => e.loan_id === loan.loanId && e.state !== "rejected" && e.state !== "dismissed")
  if (own.length) return `Loan ${loan.loanId} has a refund at the service, so it cannot pay a new order. Refund the rest in full.`
  if (unexplained(history, book).length) {
    return `The service lists a refund on cart ${cartId} that Medusa did not ask for (made outside Medusa): loan ${loan.loanId} may be refunded, so it cannot pay a new order. Record or dismiss that refund on the loans page, then refund the loan or retry.`
  }
  return undefined
}

/**
 * The reason booked for the one refund Medusa asks during a cart's completion: with
 * `autoCapture`, its rollback of a completion that failed after the capture refunds the payment
 * and opens a new session (compensatePaymentIfNeededStep). Booked like any other refund, so
 * the loan ends refunded in full and the shopper pays the new session.
 */
export const ROLLBACK_REFUND = "completion rolled back by Medusa after the capture"

/** Medusa's refunds on the loan the service accepted: when, by Medusa's refund id. */
async function acceptedMedusaRefunds(container: MedusaContainer, refund: RefundAsked): Promise<Map<string, Date>> {
  const book = await ledgerOf(container).listBookOfCart(refund.cartId)
  return new Map(
    book
      .filter((entry) => entry.loan_id === refund.loanId && entry.state === "accepted" && entry.medusa_refund_id)
      .map((entry) => [entry.medusa_refund_id!, new Date(entry.updated_at)]),
  )
}

/**
 * The provider's sender (src/lib/provider-channel/hand-over.ts) for a Medusa refund asked while its
 * caller holds the cart's lock: booked under Medusa's refund id, sent once.
 */
export function bookingSender(container: MedusaContainer, reason: string): RefundSender {
  return async (refund) => {
    const orderId = await orderOfRefundedLoan(container, refund)
    if (orderId) {
      // Before anything can refuse it: a refund refused must leave no record on the order.
      await leaveRefundRecordToItsWorkflow(container, {
        orderId,
        refundId: refund.medusaRefundId,
        accepted: await acceptedMedusaRefunds(container, refund),
      })
      await refuseRefundDuringOrderChange(container, orderId, refund.totalAmount)
    }
    await bookedRefund(container, {
      loanId: refund.loanId,
      cartId: refund.cartId,
      amount: refund.totalAmount,
      reason,
      idempotencyKey: refund.medusaRefundId,
      medusaRefundId: refund.medusaRefundId,
    })
  }
}
