import { chmodSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Client } from "pg"
import { startPostgres } from "./embedded-postgres"
import { freePort } from "./free-port"
import { onTeardown } from "./teardown"

export interface Database {
  url: string
  /** One SQL statement with parameters, on a short-lived connection. */
  query<Row extends object>(sql: string, params?: unknown[]): Promise<Row[]>
}

/**
 * A throwaway embedded PostgreSQL with a fresh database, removed at teardown. PostgreSQL
 * runs as its own system user, so its temporary directory must be readable by others.
 */
export async function startDatabase(name: string): Promise<Database> {
  const dir = mkdtempSync(join(tmpdir(), `bnpl-${name}-pg-`))
  chmodSync(dir, 0o755)
  const pg = await startPostgres({ dataDir: join(dir, "data"), port: await freePort(), database: `bnpl_${name}` })
  onTeardown("PostgreSQL", async () => {
    await pg.stop()
    rmSync(dir, { recursive: true, force: true })
  })
  return { url: pg.url, query: (sql, params) => runQuery(pg.url, sql, params) }
}

/** One statement on a connection of its own, closed after. */
export async function runQuery<Row extends object>(url: string, sql: string, params: unknown[] = []): Promise<Row[]> {
  const client = new Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<Row>(sql, params)).rows
  } finally {
    await client.end()
  }
}
