import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Money columns become Medusa's `bigNumber`: a `numeric` column beside its exact `raw_*` value
 * (json), as in Medusa's own modules. Rows written before keep their amounts: each raw value is
 * filled from the text it replaces, without the trailing zeros Medusa trims ("1234.50" → "1234.5").
 */
export class Migration20261126222306 extends Migration {
  override async up(): Promise<void> {
    for (const { table, column, nullable, zeroByDefault } of MONEY_COLUMNS) {
      const raw = `raw_${column}`
      this.addSql(`alter table if exists "${table}" alter column "${column}" drop default;`)
      this.addSql(`alter table if exists "${table}" alter column "${column}" type numeric using ("${column}"::numeric);`)
      this.addSql(`alter table if exists "${table}" add column if not exists "${raw}" jsonb null;`)
      this.addSql(
        `update "${table}" set "${raw}" = jsonb_build_object('value', trim_scale("${column}")::text, 'precision', 20) where "${column}" is not null;`,
      )
      if (zeroByDefault) {
        this.addSql(`alter table if exists "${table}" alter column "${column}" set default 0;`)
        this.addSql(`alter table if exists "${table}" alter column "${raw}" set default '{"value":"0","precision":20}';`)
      }
      if (!nullable) this.addSql(`alter table if exists "${table}" alter column "${raw}" set not null;`)
    }
  }

  override async down(): Promise<void> {
    for (const { table, column, zeroByDefault } of MONEY_COLUMNS) {
      this.addSql(`alter table if exists "${table}" drop column if exists "raw_${column}";`)
      this.addSql(`alter table if exists "${table}" alter column "${column}" drop default;`)
      this.addSql(`alter table if exists "${table}" alter column "${column}" type text using (to_char("${column}", 'FM999999999999990.00'));`)
      if (zeroByDefault) this.addSql(`alter table if exists "${table}" alter column "${column}" set default '0.00';`)
    }
  }
}

const MONEY_COLUMNS = [
  { table: "bnpl_loan", column: "amount", nullable: false, zeroByDefault: false },
  { table: "bnpl_loan", column: "refunded_at_service", nullable: false, zeroByDefault: true },
  { table: "bnpl_loan", column: "refunded_in_medusa", nullable: false, zeroByDefault: true },
  { table: "bnpl_refund", column: "amount", nullable: true, zeroByDefault: false },
]
