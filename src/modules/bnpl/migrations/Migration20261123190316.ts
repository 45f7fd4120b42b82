import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261123190316 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "bnpl_reconciliation" ("id" text not null, "trigger" text check ("trigger" in ('schedule', 'admin')) not null, "status" text check ("status" in ('running', 'done', 'failed')) not null default 'running', "summary" jsonb null, "error" text null, "started_at" timestamptz not null, "finished_at" timestamptz null, "heartbeat_at" timestamptz not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "bnpl_reconciliation_pkey" primary key ("id"));`,
    )
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_reconciliation_deleted_at" ON "bnpl_reconciliation" ("deleted_at") WHERE deleted_at IS NULL;`)
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_reconciliation_started_at" ON "bnpl_reconciliation" ("started_at") WHERE deleted_at IS NULL;`)
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_bnpl_reconciliation_heartbeat_at" ON "bnpl_reconciliation" ("heartbeat_at") WHERE deleted_at IS NULL;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "bnpl_reconciliation" cascade;`)
  }
}
