import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
import type { Context } from "@medusajs/framework/types"
import { generateEntityId, InjectManager, MedusaContext, MedusaService } from "@medusajs/framework/utils"
import { BnplLoan } from "./models/bnpl-loan"
import { BnplReconciliation } from "./models/bnpl-reconciliation"
import { BnplRefund } from "./models/bnpl-refund"
import { BnplWebhookDelivery } from "./models/bnpl-webhook-delivery"
import type { LedgerLoan } from "./types"

/** Columns of a row that its writers set (the others are the module's). */
export type LedgerPatch = Partial<Omit<LedgerLoan, "id" | "created_at" | "updated_at" | "deleted_at">>

/** What is known of a loan the service has just made. */
export type NewLoan = Pick<
  LedgerLoan,
  "loan_id" | "cart_id" | "payment_collection_id" | "payment_session_id" | "checkout_url" | "amount" | "currency_code" | "loan_status"
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
export class BnplLedgerService extends MedusaService({ BnplLoan, BnplReconciliation, BnplRefund, BnplWebhookDelivery }) {
  /** The cart's loans not yet decided (`open` or `needs_attention`). */
  @InjectManager()
  async listUndecidedLoansOfCart(cartId: string, @MedusaContext() sharedContext: Context = {}): Promise<LedgerLoan[]> {
    return ledgerTable(sharedContext).select("*").where({ cart_id: cartId, deleted_at: null }).whereIn("state", ["open", "needs_attention"])
  }

  /** The row with this id, or of this loan. */
  @InjectManager()
  async findLoan(where: { id: string } | { loan_id: number }, @MedusaContext() sharedContext: Context = {}): Promise<LedgerLoan | undefined> {
    return ledgerTable(sharedContext)
      .select("*")
      .where({ ...where, deleted_at: null })
      .first()
  }

  /** The row of a loan just made; the columns not given take the model's defaults (the migration's). */
  @InjectManager()
  async recordNewLoan(loan: NewLoan, @MedusaContext() sharedContext: Context = {}): Promise<LedgerLoan> {
    const [row] = await ledgerTable(sharedContext)
      .insert({ id: generateEntityId(undefined, "bnplloan"), ...loan })
      .returning("*")
    return row
  }

  /** Sets the given columns of the row; a key whose value is `undefined` leaves its column as it is. */
  @InjectManager()
  async patchLoan(id: string, patch: LedgerPatch, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    const set = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined))
    await ledgerTable(sharedContext)
      .where({ id })
      .update({ ...set, updated_at: new Date() })
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
