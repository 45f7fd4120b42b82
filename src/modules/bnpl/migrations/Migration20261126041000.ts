import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** The book of refunds (models/bnpl-refund.ts). */
export class Migration20261126041000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "bnpl_refund" ("id" text not null, "loan_id" integer not null, "cart_id" text not null, "kind" text check ("kind" in ('requested', 'outside')) not null, "state" text check ("state" in ('sending', 'accepted', 'rejected', 'unknown', 'open', 'recorded', 'dismissed')) not null, "amount" text null, "reason" text null, "medusa_refund_id" text null, "idempotency_key" text null, "refund_id" text null, "refund_date" text null, "refund_status" text null, "note" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "bnpl_refund_pkey" primary key ("id"));`,
    )
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_refund_deleted_at" ON "bnpl_refund" ("deleted_at") WHERE deleted_at IS NULL;`)
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_refund_cart_id" ON "bnpl_refund" ("cart_id") WHERE deleted_at IS NULL;`)
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_bnpl_refund_idempotency_key_unique" ON "bnpl_refund" ("idempotency_key") WHERE deleted_at IS NULL;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "bnpl_refund" cascade;`)
  }
}
