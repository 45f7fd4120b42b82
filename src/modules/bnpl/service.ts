import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
import type { BigNumberInput, Context } from "@medusajs/framework/types"
import { BigNumber, generateEntityId, InjectManager, MedusaContext, MedusaService, trimZeros } from "@medusajs/framework/utils"
import { BnplLoan } from "./models/bnpl-loan"
import { BnplReconciliation } from "./models/bnpl-reconciliation"
import { BnplRefund } from "./models/bnpl-refund"
import { BnplWebhookDelivery } from "./models/bnpl-webhook-delivery"
import type { BookEntry, LedgerLoan, ReconciliationRecord, WebhookDeliveryRecord } from "./types"

/** The ledger's money columns (`bigNumber`), each beside its exact value in `raw_<column>`. */
const MONEY = ["amount", "refunded_at_service", "refunded_in_medusa"] as const
type Money = (typeof MONEY)[number]

/** A row's columns as written: amounts in any of Medusa's forms ("1234.50", 1234.5, a BigNumber), never their raw values. */
type Written<Row> = Omit<Row, Money | `raw_${Money}`> & { [K in Money & keyof Row]: null extends Row[K] ? BigNumberInput | null : BigNumberInput }

type Input<Row> = Partial<Written<Omit<Row, "created_at" | "updated_at" | "deleted_at">>>

/** What the generated methods answer (the rows) and take (their columns as written). */
type Models = {
  BnplLoan: { dto: LedgerLoan; inputDto: Input<LedgerLoan> }
  BnplReconciliation: { dto: ReconciliationRecord; inputDto: Input<ReconciliationRecord> }
  BnplRefund: { dto: BookEntry; inputDto: Input<BookEntry> }
  BnplWebhookDelivery: { dto: WebhookDeliveryRecord; inputDto: Input<WebhookDeliveryRecord> }
}

/** Columns of a row that its writers set (the others are the module's). */
export type LedgerPatch = Omit<Input<LedgerLoan>, "id">

/** What is known of a loan the service has just made. */
export type NewLoan = Written<
  Pick<
    LedgerLoan,
    "loan_id" | "cart_id" | "payment_collection_id" | "payment_session_id" | "checkout_url" | "amount" | "currency_code" | "loan_status"
  >
>

/**
 * The generated CRUD of the ledger (`listBnplLoans`, `updateBnplLoans`, …) and of the
 * reconciliation runs (`createBnplReconciliations`, …) and of the book of refunds
 * (`listBnplRefunds`, …); the rules live in the workflows.
 *
 * The calls on the shopper's and the webhook's paths (a row found, patched or recorded, a
 * cart's undecided loans) and reconciliation's look-up of every waiting session are plain SQL
 * on the ledger's own table: the generated methods go through the ORM's unit of work and
 * serializer, which cost more than the queries themselves (`npm run bench`: session creation,
 * webhook → order, reconciliation). Like the generated methods, they take Medusa's shared
 * context as their last argument and run in the caller's transaction when it carries one, as
 * Medusa's own modules do. Everything else uses the generated methods.
 */
export class BnplLedgerService extends MedusaService<Models>({ BnplLoan, BnplReconciliation, BnplRefund, BnplWebhookDelivery }) {
  /** The cart's loans not yet decided (`open` or `needs_attention`). */
  @InjectManager()
  async listUndecidedLoansOfCart(cartId: string, @MedusaContext() sharedContext: Context = {}): Promise<LedgerLoan[]> {
    const rows = await ledgerTable(sharedContext)
      .select("*")
      .where({ cart_id: cartId, deleted_at: null })
      .whereIn("state", ["open", "needs_attention"])
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

  /** The row of a loan just made; the columns not given take the model's defaults (the migration's). */
  @InjectManager()
  async recordNewLoan(loan: NewLoan, @MedusaContext() sharedContext: Context = {}): Promise<LedgerLoan> {
    const [row] = await ledgerTable(sharedContext)
      .insert({ id: generateEntityId(undefined, "bnplloan"), ...asWritten(loan) })
      .returning("*")
    return asRead(row)
  }

  /** Sets the given columns of the row; a key whose value is `undefined` leaves its column as it is. */
  @InjectManager()
  async patchLoan(id: string, patch: LedgerPatch, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    const set = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined))
    await ledgerTable(sharedContext)
      .where({ id })
      .update({ ...asWritten(set), updated_at: new Date() })
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
}

/** The ledger's table, in the caller's transaction when the context carries one (InjectManager fills `manager`). */
function ledgerTable(sharedContext: Context) {
  const manager = (sharedContext.transactionManager ?? sharedContext.manager) as SqlEntityManager
  const knex = manager.getTransactionContext() ?? manager.getKnex()
  return knex("bnpl_loan")
}

/**
 * The columns to write for these values: each amount as the ORM writes a `bigNumber`, its
 * number in the column and its exact value, trimmed of trailing zeros, in `raw_<column>`.
 */
function asWritten(values: Record<string, unknown>): Record<string, unknown> {
  const written = { ...values }
  for (const column of MONEY) {
    if (written[column] === undefined) continue
    const amount = new BigNumber(written[column] as BigNumberInput)
    written[column] = amount.numeric
    written[`raw_${column}`] = { ...amount.raw, value: trimZeros(String(amount.raw!.value)) }
  }
  return written
}

/** A row read with SQL, in the shape the generated methods return: each amount a number, read from its exact value. */
function asRead(row: Record<string, unknown>): LedgerLoan {
  const read = { ...row }
  for (const column of MONEY) read[column] = new BigNumber(read[`raw_${column}`] as BigNumberInput).numeric
  return read as LedgerLoan
}
