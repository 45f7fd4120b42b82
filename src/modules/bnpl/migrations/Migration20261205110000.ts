import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The ledger's columns that hold the loan's `cartId` at the service are named for it,
 * `service_cart_id`: for an order's balance or a sale by phone it is no Medusa cart's id. A
 * rename keeps every row and its index; PostgreSQL moves the indexes to the new name with the
 * column, so only their names change here.
 */
export class Migration20261205110000 extends Migration {
  override async up(): Promise<void> {
    for (const table of TABLES) this.addSql(`alter table if exists "${table}" rename column "cart_id" to "service_cart_id";`)
    for (const [before, after] of INDEXES) this.addSql(`alter index if exists "${before}" rename to "${after}";`)
  }

  override async down(): Promise<void> {
    for (const [before, after] of INDEXES) this.addSql(`alter index if exists "${after}" rename to "${before}";`)
    for (const table of TABLES) this.addSql(`alter table if exists "${table}" rename column "service_cart_id" to "cart_id";`)
  }
}

const TABLES = ["bnpl_loan", "bnpl_refund", "bnpl_loan_request", "bnpl_webhook_delivery"]

const INDEXES = [
  ["IDX_bnpl_loan_cart_id", "IDX_bnpl_loan_service_cart_id"],
  ["IDX_bnpl_refund_cart_id", "IDX_bnpl_refund_service_cart_id"],
  ["IDX_bnpl_loan_request_cart_id_unique", "IDX_bnpl_loan_request_service_cart_id_unique"],
]
