import { z } from "zod"
import { sameAmount } from "../../../../lib/service/money"
import type { BookEntry, LedgerLoan } from "../../../../modules/bnpl/types"
import { LEDGER_STATES } from "./ledger-states"

/**
 * The ledger as the admin API answers it. Rows keep the module's field names
 * (snake_case, like the rest of Medusa's admin API); amounts are numbers in major
 * units (`1234.5`) without the module's `raw_*` columns, as in Medusa's own answers;
 * dates arrive as ISO strings because they cross JSON.
 *
 * `GET /admin/bnpl/loans?state=&q=&limit=&offset=&order=` answers
 * `{ loans: LedgerLoanJson[], count, limit, offset }`.
 */
export type LedgerLoanJson = {
  [K in keyof WithoutRawValues<LedgerLoan>]: LedgerLoan[K] extends Date ? string : LedgerLoan[K] extends Date | null ? string | null : LedgerLoan[K]
} & {
  /** Whether Medusa's refunds and the service's are the same centavos (docs/money.md): Medusa's may carry more decimals. */
  refunds_agree: boolean
}

/** An entry of the book of refunds as the admin API answers it: its amount a number, or null while unknown. */
export type BookEntryJson = WithoutRawValues<BookEntry>

/** A module row without its amounts' `raw_*` columns, which stay inside the module as in Medusa's own answers. */
type WithoutRawValues<Row> = Omit<Row, `raw_${string}`>

function withoutRawValues<Row extends object>(row: Row): WithoutRawValues<Row> {
  return Object.fromEntries(Object.entries(row).filter(([column]) => !column.startsWith("raw_"))) as WithoutRawValues<Row>
}

/** Columns the list can be ordered by; a leading "-" orders descending, as in Medusa's own lists. */
const ORDER_VALUES = [
  "created_at",
  "-created_at",
  "updated_at",
  "-updated_at",
  "loan_id",
  "-loan_id",
  "state",
  "-state",
  "checked_at",
  "-checked_at",
] as const

export const ListLoansQuery = z.strictObject({
  state: z.enum(LEDGER_STATES).optional(),
  /** A loan id, or part of a cart id or an order id. */
  q: z.string().trim().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
  order: z.enum(ORDER_VALUES).default("-created_at"),
})
export type ListLoansQuery = z.infer<typeof ListLoansQuery>

/**
 * A row of the list, with what the loan pays for (`pays`: a cart's checkout, or an order's balance
 * through Medusa's payment link, whose `service_cart_id` is its payment collection's id) and
 * `awaiting_order_id`: an order placed before its financing (`orderBeforeFinancing`) that waits on
 * this loan, else null.
 */
export type LedgerListRow = LedgerLoanJson & { pays: "checkout" | "balance"; awaiting_order_id: string | null }

export interface LoanListResponse {
  loans: LedgerListRow[]
  count: number
  limit: number
  offset: number
}

/** The answer of both row actions: what the workflow reports, and the row as it is now. */
export interface LoanActionResponse<TResult> {
  loan: TResult
}

const iso = (value: Date | string | null | undefined): string | null => (value === null || value === undefined ? null : new Date(value).toISOString())

/** A row as it crosses JSON: the same fields, dates as ISO strings. */
export function ledgerJson(row: LedgerLoan): LedgerLoanJson {
  return {
    ...withoutRawValues(row),
    checked_at: iso(row.checked_at),
    completion_started_at: iso(row.completion_started_at),
    created_at: iso(row.created_at) ?? "",
    updated_at: iso(row.updated_at) ?? "",
    deleted_at: iso(row.deleted_at),
    refunds_agree: sameAmount(row.refunded_at_service, row.refunded_in_medusa),
  }
}

export const bookEntryJson = (entry: BookEntry): BookEntryJson => withoutRawValues(entry)
