import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
import type { BigNumberInput, Context } from "@medusajs/framework/types"
import { BigNumber, trimZeros } from "@medusajs/framework/utils"
import type { BookEntry, LedgerLoan } from "./types"

/** The ledger's money columns (`bigNumber`), each beside its exact value in `raw_<column>`. */
export const MONEY = ["amount", "refunded_at_service", "refunded_in_medusa"] as const
export type Money = (typeof MONEY)[number]

/** The ledger's table, in the caller's transaction when the context carries one (InjectManager fills `manager`). */
export const ledgerTable = (sharedContext: Context) => table(sharedContext, "bnpl_loan")

/** A table of the module's, in the caller's transaction when the context carries one. */
export function table(sharedContext: Context, name: "bnpl_loan" | "bnpl_refund" | "bnpl_webhook_delivery" | "bnpl_reconciliation") {
  const manager = (sharedContext.transactionManager ?? sharedContext.manager) as SqlEntityManager
  const knex = manager.getTransactionContext() ?? manager.getKnex()
  return knex(name)
}

/** Raw SQL for a select list, from the same connection or transaction as `table`. */
export function ledgerRaw(sharedContext: Context, sql: string) {
  const manager = (sharedContext.transactionManager ?? sharedContext.manager) as SqlEntityManager
  return (manager.getTransactionContext() ?? manager.getKnex()).raw(sql)
}

/**
 * The columns to write for these values: each amount as the ORM writes a `bigNumber`, its
 * number in the column and its exact value, trimmed of trailing zeros, in `raw_<column>`.
 */
export function asWritten(values: Record<string, unknown>): Record<string, unknown> {
  const written = { ...values }
  for (const column of MONEY) {
    if (written[column] === undefined) continue
    const amount = new BigNumber(written[column] as BigNumberInput)
    written[column] = amount.numeric
    written[`raw_${column}`] = { ...amount.raw, value: trimZeros(String(amount.raw!.value)) }
  }
  return written
}

/** A row read with SQL, in the shape the generated methods return: each amount a number, read from its exact value. */
export function asRead(row: Record<string, unknown>): LedgerLoan {
  const read = { ...row }
  for (const column of MONEY) read[column] = new BigNumber(read[`raw_${column}`] as BigNumberInput).numeric
  return read as LedgerLoan
}

/** A book entry read with SQL, as the generated methods return it: its amount a number from its exact value, or null. */
export function asReadEntry(row: Record<string, unknown>): BookEntry {
  const raw = row.raw_amount as BigNumberInput | null
  return { ...row, amount: raw === null || raw === undefined ? null : new BigNumber(raw).numeric } as BookEntry
}
