import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * A loan's holder (models/bnpl-loan.ts, `holder`): what the loan pays, stored instead of read
 * from its `cartId`. Rows written before it know it only from that `cartId`: until now an order
 * balance's loan was made with the id of the payment collection it pays, which Medusa prefixes
 * `pay_col_`, and a cart's with the cart's id. So the upgrade reads that prefix once, here.
 */
export class Migration20261128221500 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "bnpl_loan" add column if not exists "holder" text check ("holder" in ('cart', 'order_balance')) not null default 'cart';`,
    )
    this.addSql(`update "bnpl_loan" set "holder" = 'order_balance' where "cart_id" like 'pay\\_col\\_%';`)
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "bnpl_loan" drop column if exists "holder";`)
  }
}
