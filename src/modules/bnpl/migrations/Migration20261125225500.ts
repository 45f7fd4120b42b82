import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Reconciliation's backfill asks the ledger which waiting sessions already have a row, by session id. */
export class Migration20261125225500 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_loan_payment_session_id" ON "bnpl_loan" ("payment_session_id") WHERE deleted_at IS NULL;`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_bnpl_loan_payment_session_id";`)
  }
}
