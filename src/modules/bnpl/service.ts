import type { BigNumberInput, Context } from "@medusajs/framework/types"
import { generateEntityId, InjectManager, MedusaContext, MedusaService } from "@medusajs/framework/utils"
import { BnplLoan } from "./models/bnpl-loan"
import { BnplLoanRequest } from "./models/bnpl-loan-request"
import { BnplReconciliation } from "./models/bnpl-reconciliation"
import { BnplRefund } from "./models/bnpl-refund"
import { BnplWebhookDelivery } from "./models/bnpl-webhook-delivery"
import { asRead, asReadEntry, asWritten, ledgerRaw, ledgerTable, type Money, table } from "./sql"
import type {
  BookEntry,
  LedgerActivity,
  LedgerLoan,
  LoanRequestRecord,
  ReconcileSummary,
  ReconciliationRecord,
  ReconciliationTrigger,
  Watched,
  WebhookDeliveryRecord,
} from "./types"
import { UNCLEAR_REFUND_STATES } from "./types"

/** A row's columns as written: amounts in any of Medusa's forms ("1234.50", 1234.5, a BigNumber), never their raw values. */
type Written<Row> = Omit<Row, Money | `raw_${Money}`> & { [K in Money & keyof Row]: null extends Row[K] ? BigNumberInput | null : BigNumberInput }

type Input<Row> = Partial<Written<Omit<Row, "created_at" | "updated_at" | "deleted_at">>>

/** What the generated methods answer (the rows) and take (their columns as written). */
type Models = {
  BnplLoan: { dto: LedgerLoan; inputDto: Input<LedgerLoan> }
  BnplLoanRequest: { dto: LoanRequestRecord; inputDto: Input<LoanRequestRecord> }
  BnplReconciliation: { dto: ReconciliationRecord; inputDto: Input<ReconciliationRecord> }
  BnplRefund: { dto: BookEntry; inputDto: Input<BookEntry> }
  BnplWebhookDelivery: { dto: WebhookDeliveryRecord; inputDto: Input<WebhookDeliveryRecord> }
}

/** Columns of a row that its writers set (the others are the module's). */
export type LedgerPatch = Omit<Input<LedgerLoan>, "id">

/** A write only while the row is in this state: its writer decided on it without the cart's lock. */
interface WriteGuard {
  whileState: LedgerLoan["state"]
}

/** The columns of a listing: on the attention list, the reason saying what to do. */
const listingOf = (reason: string, loanStatus?: LedgerLoan["loan_status"]): LedgerPatch => ({
  state: "needs_attention",
  attention_reason: reason,
  ...(loanStatus ? { loan_status: loanStatus } : {}),
})

/** What is known of a loan the service has just made. */
export type NewLoan = Written<
  Pick<
    LedgerLoan,
    | "loan_id"
    | "holder"
    | "service_cart_id"
    | "payment_collection_id"
    | "payment_session_id"
    | "checkout_url"
    | "amount"
    | "currency_code"
    | "loan_status"
  >
>

/** How to put a row back: the values a change replaced. A step's compensation hands it to `undoLoanChange`. */
export interface LoanUndo {
  id: string
  previous: LedgerPatch
}

/** What a change did: its undo, and the row as it is now (for the events it announces). */
export interface LoanChange extends LoanUndo {
  row: LedgerLoan
}

/** The reply's fields kept on a requested refund's entry. */
export interface RefundReplyFields {
  refund_id: string | null
  refund_date: string | null
  refund_status: string | null
}

/** An entry the book gains from outside a request: the history's unexplained refunds, Medusa's own refunds. */
export type FoundEntry = Input<BookEntry> & Pick<BookEntry, "loan_id" | "service_cart_id" | "kind" | "state">

/**
 * The ledger's only writer. Every change of a loan's row or of the book of refunds is a method
 * here, named for what happened; each takes Medusa's shared context as its last argument (it
 * runs in the caller's transaction when the context carries one) and is called from a workflow
 * step. A change of a row answers its undo, which the step's compensation hands back to
 * `undoLoanChange`. The rules of what may change when (a loan paid twice, a refund sent twice)
 * live in the workflows and src/lib/ledger; this service keeps only what a change writes.
 *
 * The reads and writes on the shopper's and the webhook's paths are plain SQL on the ledger's
 * own table: the generated methods go through the ORM's unit of work and serializer, which cost
 * more than the queries themselves (`npm run bench`). The generated methods (`listBnplLoans`,
 * `listBnplRefunds`, …) stay for reads; a unit test (src/modules/bnpl/__tests__/one-writer)
 * fails when a file outside this module writes through them.
 */
export class BnplLedgerService extends MedusaService<Models>({ BnplLoan, BnplLoanRequest, BnplReconciliation, BnplRefund, BnplWebhookDelivery }) {
  /**
   * The loans not yet decided that pay a cart (rows whose `service_cart_id` is the cart's id) or an order's payment
   * collection (rows of its `payment_collection_id`, whatever `cartId` each has at the service).
   */
  @InjectManager()
  async listUndecidedLoansPaying(
    holder: { cart_id: string } | { payment_collection_id: string },
    @MedusaContext() sharedContext: Context = {},
  ): Promise<LedgerLoan[]> {
    const where =
      "cart_id" in holder
        ? { holder: "cart", service_cart_id: holder.cart_id }
        : { holder: "order_balance", payment_collection_id: holder.payment_collection_id }
    const rows = await ledgerTable(sharedContext)
      .select("*")
      .where({ ...where, deleted_at: null })
      .whereIn("state", ["open", "needs_attention"])
      .orderBy("loan_id")
    return rows.map(asRead)
  }

  /** The row with this id, or of this loan. */
  @InjectManager()
  async findLoan(where: { id: string } | { loan_id: number }, @MedusaContext() sharedContext: Context = {}): Promise<LedgerLoan | undefined> {
    const row = await ledgerTable(sharedContext)
      .select("*")
      .where({ ...where, deleted_at: null })
      .first()
    return row && asRead(row)
  }

  /** The cart's book of refunds, oldest first: read on every confirmation, so plain SQL. */
  @InjectManager()
  async listBookOfCart(cartId: string, @MedusaContext() sharedContext: Context = {}): Promise<BookEntry[]> {
    const rows = await table(sharedContext, "bnpl_refund")
      .select("*")
      .where({ service_cart_id: cartId, deleted_at: null })
      .orderBy([{ column: "created_at" }, { column: "id" }])
    return rows.map(asReadEntry)
  }

  /** Which of these payment sessions a row names: reconciliation's backfill skips them. */
  @InjectManager()
  async sessionsWithRows(sessionIds: string[], @MedusaContext() sharedContext: Context = {}): Promise<Set<string>> {
    const rows: Array<Pick<LedgerLoan, "payment_session_id">> = await ledgerTable(sharedContext)
      .select("payment_session_id")
      .whereIn("payment_session_id", sessionIds)
      .whereNull("deleted_at")
    return new Set(rows.map((row) => row.payment_session_id!))
  }

  // ── A loan creation sent under a cartId the plugin chose ─────────────────────────────────

  /** Written before the request goes out: where a loan may be made if its reply is lost. */
  @InjectManager()
  async recordLoanRequest(
    request: Pick<Written<LoanRequestRecord>, "service_cart_id" | "holder" | "payment_collection_id" | "amount" | "currency_code">,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<LoanRequestRecord> {
    const [created] = await this.createBnplLoanRequests([request], sharedContext)
    return created
  }

  /** Requests whose loans the status query has not yet given rows: of one collection, or all sent before `sentBefore`. */
  @InjectManager()
  async listUnsettledLoanRequests(
    where: { payment_collection_id: string | string[] } | { sentBefore: Date },
    @MedusaContext() sharedContext: Context = {},
  ): Promise<LoanRequestRecord[]> {
    const filters = "sentBefore" in where ? { created_at: { $lte: where.sentBefore } } : { payment_collection_id: where.payment_collection_id }
    return this.listBnplLoanRequests({ ...filters, settled_at: null }, { order: { created_at: "ASC" } }, sharedContext)
  }

  /** Every loan the service lists under the request's cartId has its row now. */
  @InjectManager()
  async settleLoanRequest(cartId: string, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    const [request] = await this.listBnplLoanRequests({ service_cart_id: cartId, settled_at: null }, { take: 1 }, sharedContext)
    if (request) await this.updateBnplLoanRequests({ id: request.id, settled_at: new Date() }, sharedContext)
  }

  /** The request a `cartId` was sent under, settled or not. */
  @InjectManager()
  async findLoanRequest(cartId: string, @MedusaContext() sharedContext: Context = {}): Promise<LoanRequestRecord | undefined> {
    const [request] = await this.listBnplLoanRequests({ service_cart_id: cartId }, { take: 1 }, sharedContext)
    return request
  }

  // ── A loan's row ────────────────────────────────────────────────────────────────────────

  /** The row of a loan just made; the columns not given take the model's defaults (the migration's). */
  @InjectManager()
  async recordNewLoan(loan: NewLoan, @MedusaContext() sharedContext: Context = {}): Promise<LedgerLoan> {
    const [row] = await ledgerTable(sharedContext)
      .insert({ id: generateEntityId(undefined, "bnplloan"), ...asWritten(loan) })
      .returning("*")
    return asRead(row)
  }

  /** A new payment session took the loan over (the cart matches the paid loan again). */
  @InjectManager()
  async moveLoanToSession(
    row: LedgerLoan,
    session: { payment_collection_id: string | null; payment_session_id: string },
    @MedusaContext() sharedContext: Context = {},
  ): Promise<LoanChange> {
    const { payment_collection_id, payment_session_id } = session
    return this.change(row, { payment_collection_id, payment_session_id }, sharedContext)
  }

  /** The status query's answer, when it differs from what the row knows. */
  @InjectManager()
  async recordLoanStatus(
    row: LedgerLoan,
    loanStatus: LedgerLoan["loan_status"],
    @MedusaContext() sharedContext: Context = {},
  ): Promise<LoanChange | undefined> {
    if (loanStatus === row.loan_status) return undefined
    return this.change(row, { loan_status: loanStatus }, sharedContext)
  }

  /**
   * A completion of the cart with this loan starts (kept from an earlier start that never
   * ended), with the status it was seen paid in. The undo puts back the status only: a started
   * completion stays marked, so that a crash after it is looked into (the next `recordOrdered`'s caller).
   */
  @InjectManager()
  async recordCompletionStarted(
    row: LedgerLoan,
    loanStatus: LedgerLoan["loan_status"] | undefined,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<LoanChange | undefined> {
    const patch: LedgerPatch = {
      ...(loanStatus && loanStatus !== row.loan_status ? { loan_status: loanStatus } : {}),
      ...(row.completion_started_at ? {} : { completion_started_at: new Date() }),
    }
    if (!Object.keys(patch).length) return undefined
    const change = await this.change(row, patch, sharedContext)
    delete change.previous.completion_started_at
    return change
  }

  /** Counts a failed completion; past `maxAttempts` the loan goes on the attention list with `reason`. */
  @InjectManager()
  async recordCompletionFailure(
    row: LedgerLoan,
    failure: { reason: string; maxAttempts: number; loanStatus?: LedgerLoan["loan_status"] },
    @MedusaContext() sharedContext: Context = {},
  ): Promise<{ attention: boolean; change: LoanChange }> {
    const failures = (row.completion_failures ?? 0) + 1
    const attention = failures >= failure.maxAttempts
    const patch: LedgerPatch = {
      completion_failures: failures,
      ...(failure.loanStatus && failure.loanStatus !== row.loan_status ? { loan_status: failure.loanStatus } : {}),
      ...(attention
        ? {
            state: "needs_attention",
            attention_reason: `Paid, but ${failure.reason} (${failures} attempts). Retry the completion, or refund the loan in full.`,
          }
        : {}),
    }
    return { attention, change: await this.change(row, patch, sharedContext) }
  }

  /** The loan is the payment of `orderId`; a look-alike order goes beside it for the admin. */
  @InjectManager()
  async recordOrdered(row: LedgerLoan, orderId: string, suspectOrderId?: string, @MedusaContext() sharedContext: Context = {}): Promise<LoanChange> {
    const patch: LedgerPatch = suspectOrderId
      ? {
          order_id: orderId,
          suspect_order_id: suspectOrderId,
          state: "needs_attention",
          attention_reason: `Order ${suspectOrderId} may be a second order for this cart, placed by a completion a crash cut short; the loan paid order ${orderId}. Cancel the one that should not ship.`,
        }
      : { order_id: orderId, state: "ordered", attention_reason: null, completion_failures: 0, checked_at: null }
    const loanStatus = row.loan_status === "REQUEST" ? "OUTSTANDING" : row.loan_status
    return this.change(row, { ...patch, completion_started_at: null, loan_status: loanStatus }, sharedContext)
  }

  /**
   * The cart's order was placed with the loan's payment pending (`orderBeforeFinancing`): the
   * completion ended, so its mark goes; the row stays open until the loan is paid or ends.
   */
  @InjectManager()
  async recordOrderAwaitingFinancing(row: LedgerLoan, @MedusaContext() sharedContext: Context = {}): Promise<LoanChange | undefined> {
    if (!row.completion_started_at) return undefined
    return this.change(row, { completion_started_at: null }, sharedContext)
  }

  /** The loan goes on the admin's attention list, `reason` saying what to do. */
  @InjectManager()
  async listForAttention(
    row: LedgerLoan,
    reason: string,
    loanStatus?: LedgerLoan["loan_status"],
    @MedusaContext() sharedContext: Context = {},
  ): Promise<LoanChange> {
    return this.change(row, listingOf(reason, loanStatus), sharedContext)
  }

  /**
   * As listForAttention, for a caller that decided on `row` without the cart's lock
   * (reconciliation): only while the row is still in the state it was read in. A row another
   * writer moved on meanwhile (a confirmation made it an order's) stays as it is: undefined.
   */
  @InjectManager()
  async listForAttentionIfUnmoved(
    row: LedgerLoan,
    reason: string,
    loanStatus?: LedgerLoan["loan_status"],
    @MedusaContext() sharedContext: Context = {},
  ): Promise<LoanChange | undefined> {
    return this.change(row, listingOf(reason, loanStatus), sharedContext, { whileState: row.state })
  }

  /** The loan is refunded in full at the service; `reason` stays on the row. */
  @InjectManager()
  async recordRefundedInFull(
    row: LedgerLoan,
    refund: { loanStatus: LedgerLoan["loan_status"]; total: BigNumberInput; reason: string },
    @MedusaContext() sharedContext: Context = {},
  ): Promise<LoanChange> {
    const patch: LedgerPatch = {
      state: "refunded",
      loan_status: refund.loanStatus,
      refunded_at_service: refund.total,
      attention_reason: `Refunded in full: ${refund.reason}.`,
    }
    return this.change(row, patch, sharedContext)
  }

  /** An unpaid loan ended: cancelled at the service. */
  @InjectManager()
  async recordCancelled(row: LedgerLoan, @MedusaContext() sharedContext: Context = {}): Promise<LoanChange> {
    return this.change(row, { state: "cancelled", loan_status: "CANCELLED" }, sharedContext)
  }

  /**
   * A refund check's findings: what the book and Medusa show refunded, the status, and the
   * state the check decided (unchanged when `decided` is empty).
   */
  @InjectManager()
  async recordRefundCheck(
    row: LedgerLoan,
    found: {
      refundedAtService: BigNumberInput
      refundedInMedusa: BigNumberInput
      loanStatus?: LedgerLoan["loan_status"]
      decided: Pick<LedgerPatch, "state" | "attention_reason">
    },
    @MedusaContext() sharedContext: Context = {},
  ): Promise<LoanChange> {
    const patch: LedgerPatch = {
      refunded_at_service: found.refundedAtService,
      refunded_in_medusa: found.refundedInMedusa,
      checked_at: new Date(),
      ...(found.loanStatus ? { loan_status: found.loanStatus } : {}),
      ...found.decided,
    }
    return this.change(row, patch, sharedContext)
  }

  /**
   * The admin says the suspected second order is not this loan's: the loan is its order's
   * payment again when that order holds it, else it stays listed with the admin's `note`.
   */
  @InjectManager()
  async clearSuspectOrder(row: LedgerLoan, cleared: { orderHolds: boolean; note: string }, @MedusaContext() sharedContext: Context = {}) {
    const patch: LedgerPatch = {
      suspect_order_id: null,
      ...(cleared.orderHolds ? { state: "ordered", attention_reason: null } : { attention_reason: cleared.note }),
    }
    return this.change(row, patch, sharedContext)
  }

  /** Puts a row back as a change's undo says (a step's compensation). */
  @InjectManager()
  async undoLoanChange(undo: LoanUndo, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.write(undo.id, undo.previous, sharedContext)
  }

  private async change(row: LedgerLoan, patch: LedgerPatch, sharedContext: Context): Promise<LoanChange>
  private async change(row: LedgerLoan, patch: LedgerPatch, sharedContext: Context, guard: WriteGuard): Promise<LoanChange | undefined>
  private async change(row: LedgerLoan, patch: LedgerPatch, sharedContext: Context, guard?: WriteGuard): Promise<LoanChange | undefined> {
    const previous = Object.fromEntries(Object.keys(patch).map((key) => [key, row[key as keyof LedgerLoan]])) as LedgerPatch
    if (!(await this.write(row.id, patch, sharedContext, guard))) return undefined
    return { id: row.id, previous, row: { ...row, ...(patch as Partial<LedgerLoan>) } }
  }

  /**
   * Sets the given columns of the row; a key whose value is `undefined` leaves its column as it
   * is. With a guard, only while the row is in `whileState`. Whether the row was written.
   */
  private async write(id: string, patch: LedgerPatch, sharedContext: Context, guard?: WriteGuard): Promise<boolean> {
    const set = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined))
    const written = await ledgerTable(sharedContext)
      .where({ id, ...(guard ? { state: guard.whileState } : {}) })
      .update({ ...asWritten(set), updated_at: new Date() })
    return written > 0
  }

  // ── The book of refunds ─────────────────────────────────────────────────────────────────

  /** Entries found rather than sent: refunds of the history the book could not explain, Medusa's refunds made through the provider. */
  @InjectManager()
  async bookFoundRefunds(entries: FoundEntry[], @MedusaContext() sharedContext: Context = {}): Promise<BookEntry[]> {
    if (!entries.length) return []
    return this.createBnplRefunds(entries, sharedContext)
  }

  /** A refund the plugin is about to send, `sending` until its reply: a new entry under `key`. */
  @InjectManager()
  async bookRefundRequest(
    request: { loanId: number; cartId: string; amount: string; reason: string; key: string; medusaRefundId?: string },
    @MedusaContext() sharedContext: Context = {},
  ): Promise<BookEntry> {
    const fields = { state: "sending" as const, amount: request.amount, reason: request.reason, medusa_refund_id: request.medusaRefundId ?? null }
    return this.createBnplRefunds(
      { ...fields, loan_id: request.loanId, service_cart_id: request.cartId, kind: "requested", idempotency_key: request.key },
      sharedContext,
    )
  }

  /** How the service answered a request: `accepted`, `rejected` (applied nothing) or `unknown` (may have applied). */
  @InjectManager()
  async recordRefundOutcome(
    entryId: string,
    outcome: "accepted" | "rejected" | "unknown",
    reply: RefundReplyFields,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<BookEntry> {
    return this.updateBnplRefunds({ id: entryId, state: outcome, ...reply }, sharedContext)
  }

  /** The admin settled an undecided entry: it happened (`recorded`/`accepted`, with its amount) or it did not (`dismissed`). */
  @InjectManager()
  async settleRefundEntry(
    entry: BookEntry,
    settled: { happened: true; amount: string; note: string } | { happened: false; note: string },
    @MedusaContext() sharedContext: Context = {},
  ): Promise<BookEntry> {
    if (!settled.happened) return this.updateBnplRefunds({ id: entry.id, state: "dismissed", note: settled.note }, sharedContext)
    const state = entry.kind === "outside" ? "recorded" : "accepted"
    return this.updateBnplRefunds({ id: entry.id, state, amount: settled.amount, note: settled.note }, sharedContext)
  }

  /** Puts a settled entry back as it was before the admin settled it (a step's compensation). */
  @InjectManager()
  async unsettleRefundEntry(before: BookEntry, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    const { id, state, amount, note, medusa_refund_id } = before
    await this.updateBnplRefunds({ id, state, amount, note, medusa_refund_id }, sharedContext)
  }

  /** The Medusa refund that records an entry's money. */
  @InjectManager()
  async linkMedusaRefund(entryId: string, medusaRefundId: string, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.updateBnplRefunds({ id: entryId, medusa_refund_id: medusaRefundId }, sharedContext)
  }

  // ── Logs: reconciliation runs and webhook deliveries ───────────────────────────────────

  @InjectManager()
  async startReconciliationRun(trigger: ReconciliationTrigger, @MedusaContext() sharedContext: Context = {}): Promise<ReconciliationRecord> {
    const now = new Date()
    return this.createBnplReconciliations({ trigger, status: "running", started_at: now, heartbeat_at: now }, sharedContext)
  }

  @InjectManager()
  async beatReconciliationRun(id: string, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.updateBnplReconciliations({ id, heartbeat_at: new Date() }, sharedContext)
  }

  @InjectManager()
  async finishReconciliationRun(
    id: string,
    end: { summary: ReconcileSummary } | { error: string },
    @MedusaContext() sharedContext: Context = {},
  ): Promise<void> {
    const at = new Date()
    const status = "summary" in end ? "done" : "failed"
    await this.updateBnplReconciliations({ id, status, ...end, finished_at: at, heartbeat_at: at }, sharedContext)
  }

  /** One insert per webhook, on the webhook's path: plain SQL, as the ledger's own. */
  @InjectManager()
  async recordWebhookDelivery(delivery: Input<WebhookDeliveryRecord>, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await table(sharedContext, "bnpl_webhook_delivery").insert({ id: generateEntityId(undefined, "bnplwh"), ...delivery })
  }

  /** Counts per UTC day since `since` (types.ts, LedgerActivity): grouped in SQL, so a busy ledger answers a few rows. */
  @InjectManager()
  async countActivitySince(since: Date, @MedusaContext() sharedContext: Context = {}): Promise<LedgerActivity> {
    const day = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`
    const [loans, refunds, deliveries, runs, loanStates, paidOrders] = await Promise.all([
      table(sharedContext, "bnpl_loan")
        .select(
          ledgerRaw(
            sharedContext,
            `${day("created_at")} as day, holder, coalesce(service_cart_id = payment_collection_id, false) as own_cart_id, count(*)::int as count`,
          ),
        )
        .where("created_at", ">=", since)
        .whereNull("deleted_at")
        .groupByRaw("1, 2, 3"),
      table(sharedContext, "bnpl_refund")
        .select(ledgerRaw(sharedContext, `${day("created_at")} as day, state, count(*)::int as count`))
        .where("created_at", ">=", since)
        .whereNull("deleted_at")
        .groupByRaw("1, 2"),
      table(sharedContext, "bnpl_webhook_delivery")
        .select(ledgerRaw(sharedContext, `${day("received_at")} as day, outcome, count(*)::int as count`))
        .where("received_at", ">=", since)
        .whereNull("deleted_at")
        .groupByRaw("1, 2"),
      table(sharedContext, "bnpl_reconciliation")
        .select(
          ledgerRaw(sharedContext, `${day("started_at")} as day, status, extract(epoch from finished_at - started_at)::float as seconds, summary`),
        )
        .where("started_at", ">=", since)
        .whereNull("deleted_at")
        .orderBy("started_at"),
      table(sharedContext, "bnpl_loan")
        .select(ledgerRaw(sharedContext, `${day("created_at")} as day, state, count(*)::int as count`))
        .where("created_at", ">=", since)
        .whereNull("deleted_at")
        .groupByRaw("1, 2"),
      table(sharedContext, "bnpl_loan")
        .select(
          ledgerRaw(
            sharedContext,
            `loan_id, order_id, (select min(d.received_at) from bnpl_webhook_delivery d where d.loan_id = bnpl_loan.loan_id
              and d.deleted_at is null and d.auth in ('accepted', 'not_required')) as paid_at`,
          ),
        )
        .where("holder", "cart")
        .whereNotNull("order_id")
        .where("updated_at", ">=", since)
        .whereNull("deleted_at"),
    ])
    return { loans, refunds, deliveries, runs, loanStates, paidOrders, watched: await this.countWatched(sharedContext) } as LedgerActivity
  }

  /** The attention list's length and the unclear refunds, now. */
  @InjectManager()
  async countWatched(@MedusaContext() sharedContext: Context = {}): Promise<Watched> {
    const [[listed], [unclear]] = await Promise.all([
      table(sharedContext, "bnpl_loan").count({ n: "*" }).where("state", "needs_attention").whereNull("deleted_at"),
      table(sharedContext, "bnpl_refund")
        .count({ n: "*" })
        .whereIn("state", [...UNCLEAR_REFUND_STATES])
        .whereNull("deleted_at"),
    ])
    const attention = Number(listed.n)
    return { attention, unclear_refunds: Number(unclear.n) }
  }

  /** Deletes runs whose last sign of life, and deliveries received, before `cutoff`: they are logs, not history. */
  @InjectManager()
  async pruneLogs(cutoff: Date, which: "runs" | "deliveries", @MedusaContext() sharedContext: Context = {}): Promise<void> {
    if (which === "runs") {
      const old = await this.listBnplReconciliations({ heartbeat_at: { $lt: cutoff } }, { select: ["id"] }, sharedContext)
      if (old.length)
        await this.deleteBnplReconciliations(
          old.map((row) => row.id),
          sharedContext,
        )
      return
    }
    const old = await this.listBnplWebhookDeliveries({ received_at: { $lt: cutoff } }, { select: ["id"] }, sharedContext)
    if (old.length)
      await this.deleteBnplWebhookDeliveries(
        old.map((row) => row.id),
        sharedContext,
      )
  }
}
