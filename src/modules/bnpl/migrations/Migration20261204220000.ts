import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** The loan creations sent under a cartId the plugin chose (models/bnpl-loan-request.ts). */
export class Migration20261204220000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "bnpl_loan_request" (` +
        `"id" text not null, "cart_id" text not null, ` +
        `"holder" text check ("holder" in ('cart', 'order_balance')) not null, ` +
        `"payment_collection_id" text null, "amount" numeric not null, "raw_amount" jsonb not null, "currency_code" text not null, ` +
        `"settled_at" timestamptz null, ` +
        `"created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, ` +
        `constraint "bnpl_loan_request_pkey" primary key ("id"));`,
    )
    this.addSql(
      `create unique index if not exists "IDX_bnpl_loan_request_cart_id_unique" on "bnpl_loan_request" ("cart_id") where "deleted_at" is null;`,
    )
    this.addSql(
      `create index if not exists "IDX_bnpl_loan_request_unsettled" on "bnpl_loan_request" ("payment_collection_id") where settled_at IS NULL and "deleted_at" is null;`,
    )
    this.addSql(`create index if not exists "IDX_bnpl_loan_request_deleted_at" on "bnpl_loan_request" ("deleted_at") where "deleted_at" is null;`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "bnpl_loan_request" cascade;`)
  }
}
