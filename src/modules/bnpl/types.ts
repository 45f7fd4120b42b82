import type { InferTypeOf } from "@medusajs/framework/types"
import type { BnplLoan } from "./models/bnpl-loan"
import type { BnplLoanRequest } from "./models/bnpl-loan-request"
import type { BnplReconciliation } from "./models/bnpl-reconciliation"
import type { BnplRefund } from "./models/bnpl-refund"
import type { BnplWebhookDelivery } from "./models/bnpl-webhook-delivery"

/** A ledger row as the module's service returns it. */
export type LedgerLoan = InferTypeOf<typeof BnplLoan>

export type LedgerState = LedgerLoan["state"]

/** A loan creation sent under a cartId the plugin chose (models/bnpl-loan-request.ts). */
export type LoanRequestRecord = InferTypeOf<typeof BnplLoanRequest>

/** States a loan does not leave: reconciliation stops looking at them. */
export const FINAL_STATES: readonly LedgerState[] = ["cancelled", "refunded"]

/** The book's entries whose outcome only the admin can settle: sent with no answer, of unknown amount, or refused with money unaccounted for. */
export const UNCLEAR_REFUND_STATES: readonly BookEntryState[] = ["sending", "unknown", "open"]

/** What needs the admin, counted at one moment: the attention list's length and the unclear refunds. */
export type Watched = { attention: number; unclear_refunds: number }

/** A reconciliation run's record as the module's service returns it. */
export type ReconciliationRecord = InferTypeOf<typeof BnplReconciliation>

export type ReconciliationTrigger = ReconciliationRecord["trigger"]

/** What a finished run did, as its record's `summary` (json) holds it: a type, so that it is such a record. */
export type ReconcileSummary = {
  checked: number
  /** Paid loans confirmed into orders. */
  authorized: number
  cancelled: number
  pending: number
  failed: number
  needs_attention: number
  /** Paid loans no order can hold, refunded in full by the plugin. */
  refunded: number
  /** Refunds made at the service, recorded in Medusa. */
  refunds_recorded: number
  /** Rows given to loans that had none. */
  backfilled: number
  /** What needs the admin as the run ended: the figures' history of the attention list (absent in older runs). */
  watched?: Watched
}

/** What a run counts, each a number. */
export type ReconcileCount = Exclude<keyof ReconcileSummary, "watched">

/** An entry of the book of refunds (models/bnpl-refund.ts). */
export type BookEntry = InferTypeOf<typeof BnplRefund>

export type BookEntryState = BookEntry["state"]

/** A webhook delivery's record (models/bnpl-webhook-delivery.ts). */
export type WebhookDeliveryRecord = InferTypeOf<typeof BnplWebhookDelivery>

/**
 * What the ledger counts per UTC day since a date (`YYYY-MM-DD`), for the figures of the loans and diagnosis pages:
 * loans by when their row was written, refund entries by when they were booked, webhook
 * deliveries by when they came, reconciliation runs by when they started.
 */
export interface LedgerActivity {
  /** `own_cart_id`: the loan's `cartId` at the service is its payment collection's id. */
  loans: Array<{ day: string; holder: LedgerLoan["holder"]; own_cart_id: boolean; count: number }>
  refunds: Array<{ day: string; state: BookEntryState; count: number }>
  deliveries: Array<{ day: string; outcome: string; count: number }>
  /** Oldest first. */
  runs: Array<{ day: string; status: ReconciliationRecord["status"]; seconds: number | null; summary: ReconcileSummary | null }>
  /** What needs the admin now. */
  watched: Watched
  /** Loans by the day they were created and the state they are in now. */
  loanStates: Array<{ day: string; state: LedgerLoan["state"]; count: number }>
  /**
   * A cart's loans that are an order's payment, changed since the day asked for, with the first
   * authenticated webhook that named them: when the store learnt the loan was paid. Null when
   * none came (reconciliation or the storefront found it paid first).
   */
  paidOrders: Array<{ loan_id: number; order_id: string; paid_at: Date | null }>
}
