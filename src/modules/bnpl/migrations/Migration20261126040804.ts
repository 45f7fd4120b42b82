import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Every webhook delivery, on record (models/bnpl-webhook-delivery.ts). */
export class Migration20261126040804 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "bnpl_webhook_delivery" ("id" text not null, "received_at" timestamptz not null, "loan_id" integer null, "cart_id" text null, "auth" text check ("auth" in ('accepted', 'rejected', 'not_required', 'not_checked')) not null, "outcome" text not null, "reason" text null, "http_status" integer not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "bnpl_webhook_delivery_pkey" primary key ("id"));`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_bnpl_webhook_delivery_deleted_at" ON "bnpl_webhook_delivery" ("deleted_at") WHERE deleted_at IS NULL;`,
    )
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_webhook_delivery_loan_id" ON "bnpl_webhook_delivery" ("loan_id") WHERE deleted_at IS NULL;`)
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_bnpl_webhook_delivery_received_at" ON "bnpl_webhook_delivery" ("received_at") WHERE deleted_at IS NULL;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "bnpl_webhook_delivery" cascade;`)
  }
}
