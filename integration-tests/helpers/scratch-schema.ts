import type { Knex } from "@medusajs/framework/mikro-orm/knex"

/**
 * Runs `work` in a PostgreSQL schema of its own, made for it and gone after it whatever happens:
 * one transaction whose search_path is that schema, rolled back in `finally` (PostgreSQL's DDL is
 * transactional: the rollback drops the schema and all `work` made in it). Answers what `work`
 * answered; an error of `work` is thrown as it is.
 */
export async function inScratchSchema<T>(db: Knex, schema: string, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  const trx = await db.transaction()
  try {
    await trx.raw("CREATE SCHEMA ??", [schema])
    await trx.raw("SET LOCAL search_path TO ??", [schema])
    return await work(trx)
  } finally {
    await trx.rollback()
  }
}
