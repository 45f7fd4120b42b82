import type { BigNumberInput } from "@medusajs/framework/types"
import { z } from "zod"
import type { BookEntry, LedgerLoan } from "../../modules/bnpl/types"
import { toDecimal } from "../service/money"

/**
 * The plugin's events on Medusa's event bus (docs/events.md): their names, their payloads, and
 * which change of a ledger row or a book entry announces which. A payload holds ids, amounts and
 * states only: the ledger and the book hold no customer data, and a payload is built field by
 * field so that nothing added to them later leaks into one.
 */
export const BNPL_EVENTS = {
  LOAN_CREATED: "bnpl.loan.created",
  LOAN_PAID: "bnpl.loan.paid",
  LOAN_CANCELLED: "bnpl.loan.cancelled",
  LOAN_NEEDS_ATTENTION: "bnpl.loan.needs_attention",
  REFUND_REQUESTED: "bnpl.refund.requested",
  REFUND_REJECTED: "bnpl.refund.rejected",
  REFUND_OUTSIDE_MEDUSA: "bnpl.refund.outside_medusa",
} as const

/** An amount in the currency's major units, as the service writes it: `"1234.50"`. */
const decimal = z.string().regex(/^\d+\.\d{2}$/)
const loanStatus = z.enum(["REQUEST", "OUTSTANDING", "HISTORICAL", "CANCELLED"])

const loan = {
  /** The ledger row (`bnplloan_…`). */
  ledger_id: z.string(),
  /** The service's `loanId`. */
  loan_id: z.number().int(),
  /** The Medusa cart, which is the loan's `cartId` at the service. */
  cart_id: z.string(),
  amount: decimal,
  currency_code: z.string(),
  loan_status: loanStatus,
}

const refund = {
  /** The book's entry (`bnplref_…`). */
  refund_entry_id: z.string(),
  loan_id: z.number().int(),
  cart_id: z.string(),
}

export const bnplEventPayloads = {
  [BNPL_EVENTS.LOAN_CREATED]: z.strictObject({ ...loan, payment_session_id: z.string().nullable() }),
  [BNPL_EVENTS.LOAN_PAID]: z.strictObject({ ...loan, order_id: z.string() }),
  [BNPL_EVENTS.LOAN_CANCELLED]: z.strictObject(loan),
  [BNPL_EVENTS.LOAN_NEEDS_ATTENTION]: z.strictObject({
    ...loan,
    order_id: z.string().nullable(),
    /** A second order that may hold the same cart: the admin cancels one. */
    suspect_order_id: z.string().nullable(),
    /** The attention list's reason, in words an admin can act on. */
    reason: z.string(),
  }),
  [BNPL_EVENTS.REFUND_REQUESTED]: z.strictObject({
    ...refund,
    amount: decimal,
    /** The service's reply; null when the reply was lost and the refund history showed it applied. */
    refund_id: z.string().nullable(),
    refund_date: z.string().nullable(),
    /** The Medusa refund that records it, for a refund made from the order in Medusa. */
    medusa_refund_id: z.string().nullable(),
  }),
  [BNPL_EVENTS.REFUND_REJECTED]: z.strictObject({
    ...refund,
    amount: decimal,
    refund_id: z.string().nullable(),
    refund_status: z.string().nullable(),
  }),
  /** Of unknown amount: the service's refund history holds none. */
  [BNPL_EVENTS.REFUND_OUTSIDE_MEDUSA]: z.strictObject({ ...refund, refund_date: z.string().nullable() }),
}

export type BnplEventName = keyof typeof bnplEventPayloads
export type BnplEventData<N extends BnplEventName> = z.infer<(typeof bnplEventPayloads)[N]>
export type BnplEvent = { [N in BnplEventName]: { name: N; data: BnplEventData<N> } }[BnplEventName]

/** A row as read, or as about to be written (its amount in any of Medusa's forms). */
export type LoanRow = { amount: BigNumberInput } & Pick<
  LedgerLoan,
  | "id"
  | "loan_id"
  | "service_cart_id"
  | "currency_code"
  | "loan_status"
  | "payment_session_id"
  | "state"
  | "order_id"
  | "suspect_order_id"
  | "attention_reason"
>

const loanFields = (row: LoanRow) => ({
  ledger_id: row.id,
  loan_id: row.loan_id,
  cart_id: row.service_cart_id,
  amount: toDecimal(row.amount),
  currency_code: row.currency_code,
  loan_status: row.loan_status,
})

/**
 * What a write to a ledger row announces, from the row before it (none for a new row) and after.
 * A loan is paid when the ledger records it as an order's payment: the status query proved it
 * paid before the order was made. Entering a state is announced once; staying in it is not.
 */
export function loanEvents(before: LoanRow | undefined, after: LoanRow): BnplEvent[] {
  const events: BnplEvent[] = []
  if (!before) events.push({ name: BNPL_EVENTS.LOAN_CREATED, data: { ...loanFields(after), payment_session_id: after.payment_session_id } })
  if (after.order_id && !before?.order_id) events.push({ name: BNPL_EVENTS.LOAN_PAID, data: { ...loanFields(after), order_id: after.order_id } })
  if (after.state === "cancelled" && before?.state !== "cancelled") events.push({ name: BNPL_EVENTS.LOAN_CANCELLED, data: loanFields(after) })
  if (after.state === "needs_attention" && before?.state !== "needs_attention") {
    events.push({
      name: BNPL_EVENTS.LOAN_NEEDS_ATTENTION,
      data: {
        ...loanFields(after),
        order_id: after.order_id,
        suspect_order_id: after.suspect_order_id,
        reason: after.attention_reason ?? "",
      },
    })
  }
  return events
}

/** What book entries just written announce: a request the service accepted or rejected, a refund made outside Medusa. */
export function bookEvents(entries: BookEntry[]): BnplEvent[] {
  return entries.flatMap((entry): BnplEvent[] => {
    const ids = { refund_entry_id: entry.id, loan_id: entry.loan_id, cart_id: entry.service_cart_id }
    if (entry.kind === "outside") {
      return entry.state === "open" ? [{ name: BNPL_EVENTS.REFUND_OUTSIDE_MEDUSA, data: { ...ids, refund_date: entry.refund_date } }] : []
    }
    if (entry.state === "accepted") {
      return [
        {
          name: BNPL_EVENTS.REFUND_REQUESTED,
          data: {
            ...ids,
            amount: toDecimal(entry.amount ?? 0),
            refund_id: entry.refund_id,
            refund_date: entry.refund_date,
            medusa_refund_id: entry.medusa_refund_id,
          },
        },
      ]
    }
    if (entry.state === "rejected") {
      return [
        {
          name: BNPL_EVENTS.REFUND_REJECTED,
          data: { ...ids, amount: toDecimal(entry.amount ?? 0), refund_id: entry.refund_id, refund_status: entry.refund_status },
        },
      ]
    }
    return []
  })
}
