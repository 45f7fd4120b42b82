import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { treeCpuMs } from "./cpu-time"
import { startPostgres } from "./embedded-postgres"
import { freePort } from "./free-port"
import { type Database, runQuery } from "./postgres"
import { onTeardown } from "./teardown"

/** The role the application connects as: its statements are told from the bench's own by it. */
export const APP_ROLE = "medusa_app"

export interface StatementsDatabase extends Database {
  /** The same database as `url`, connected as APP_ROLE: the URL to give Medusa. */
  appUrl: string
  /** CPU time the server has used so far, every connection's process included, gone or live (ms). */
  cpuMs(): number
}

/**
 * Server settings that keep the counters about the application's work. pg_stat_statements needs
 * its shared memory from the start, hence a restart after setting them. Autovacuum would write
 * WAL of its own at moments of its choosing; full-page images depend on how long ago the last
 * checkpoint was, not on the statements, and a checkpoint falling inside a measurement would add
 * them to one side only.
 */
const SETTINGS: Array<[string, string]> = [
  ["shared_preload_libraries", "pg_stat_statements"],
  // Planning apart from execution: an ORM's many-table joins may cost more to plan than to run.
  ["pg_stat_statements.track_planning", "on"],
  ["autovacuum", "off"],
  ["full_page_writes", "off"],
  ["checkpoint_timeout", "1h"],
  ["max_wal_size", "4GB"],
]

/**
 * A throwaway embedded PostgreSQL of its own with pg_stat_statements loaded, for counting what
 * each statement of an application costs. The server of the shared stack (postgres.ts) starts
 * without it, and restarting that server under its owner is not possible from outside.
 */
export async function startStatementsDatabase(name: string): Promise<StatementsDatabase> {
  const dir = mkdtempSync(join(tmpdir(), `bnpl-${name}-pg-`))
  chmodSync(dir, 0o755)
  const options = { dataDir: join(dir, "data"), port: await freePort(), database: `bnpl_${name.replace(/\W/g, "_")}` }
  const first = await startPostgres(options)
  try {
    for (const [setting, value] of SETTINGS) await runQuery(first.url, `ALTER SYSTEM SET ${setting} = '${value}'`)
  } finally {
    await first.stop()
  }
  const pg = await startPostgres(options)
  onTeardown(`PostgreSQL ${name}`, async () => {
    await pg.stop()
    rmSync(dir, { recursive: true, force: true })
  })
  const password = APP_ROLE
  await runQuery(pg.url, `CREATE ROLE ${APP_ROLE} LOGIN SUPERUSER PASSWORD '${password}'`)
  await runQuery(pg.url, "CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
  const appUrl = new URL(pg.url)
  appUrl.username = APP_ROLE
  appUrl.password = password
  // The server's own pid is the first line of postmaster.pid in its data directory.
  const serverPid = Number(readFileSync(join(options.dataDir, "postmaster.pid"), "utf8").split("\n")[0])
  return {
    url: pg.url,
    appUrl: appUrl.toString(),
    query: (sql, params) => runQuery(pg.url, sql, params),
    cpuMs: () => treeCpuMs(serverPid) ?? Number.NaN,
  }
}
