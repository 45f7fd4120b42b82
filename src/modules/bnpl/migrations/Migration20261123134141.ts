import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261123134141 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "bnpl_loan" drop constraint if exists "bnpl_loan_loan_id_unique";`)
    this.addSql(
      `create table if not exists "bnpl_loan" ("id" text not null, "loan_id" integer not null, "cart_id" text not null, "payment_collection_id" text null, "payment_session_id" text null, "checkout_url" text null, "amount" text not null, "currency_code" text not null, "loan_status" text check ("loan_status" in ('REQUEST', 'OUTSTANDING', 'HISTORICAL', 'CANCELLED')) not null default 'REQUEST', "order_id" text null, "refunded_at_service" text not null default '0.00', "refunded_in_medusa" text not null default '0.00', "state" text check ("state" in ('open', 'ordered', 'cancelled', 'refunded', 'needs_attention')) not null default 'open', "attention_reason" text null, "suspect_order_id" text null, "completion_started_at" timestamptz null, "completion_failures" integer not null default 0, "checked_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "bnpl_loan_pkey" primary key ("id"));`,
    )
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_bnpl_loan_loan_id_unique" ON "bnpl_loan" ("loan_id") WHERE deleted_at IS NULL;`)
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_loan_cart_id" ON "bnpl_loan" ("cart_id") WHERE deleted_at IS NULL;`)
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_loan_deleted_at" ON "bnpl_loan" ("deleted_at") WHERE deleted_at IS NULL;`)
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_loan_state" ON "bnpl_loan" ("state") WHERE deleted_at IS NULL;`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "bnpl_loan" cascade;`)
  }
}
