import { sleep } from "../harness/pool"
import type { StatementsDatabase } from "../harness/statements-postgres"

/**
 * A backend reports its table counters to the shared statistics when it goes idle, but at most
 * once a second, and otherwise up to 10 s later (PostgreSQL's PGSTAT_IDLE_INTERVAL): counters are
 * read only after that long without work.
 */
const STATS_SETTLE_MS = 11_000

/** The database's cumulative counters at one moment. */
export interface SqlCounters {
  /** pg_stat_statements' calls, execution and planning time (ms) of each top-level statement the application's role ran, by queryid. */
  statements: Map<string, { query: string; calls: number; ms: number; planMs: number }>
  /** The server's CPU time, every connection's process included (ms). */
  cpuMs: number
  /** n_tup_ins + n_tup_upd + n_tup_del of each user table. */
  tables: Map<string, number>
  walLsn: string
  /** pg_stat_statements_info.dealloc: entries evicted to make room. */
  evictions: number
}

/** What the application cost the database between two readings. */
export interface SqlCost {
  statements: number
  /** The server's time executing them and planning them (ms). */
  execMs: number
  planMs: number
  /** The server's CPU time (ms): their execution and planning, and all else a connection costs (parsing, the protocol, commits). */
  cpuMs: number
  rowsWritten: number
  walBytes: number
  byStatement: Array<{ query: string; calls: number; ms: number; planMs: number }>
  byTable: Array<{ table: string; rows: number }>
}

/** Waits for the statistics to settle, then reads them: call it only while the application is idle. */
export async function settledCounters(db: StatementsDatabase, role: string): Promise<SqlCounters> {
  await sleep(STATS_SETTLE_MS)
  // Before the bench's own queries below, which its connection's process spends CPU on.
  const cpuMs = db.cpuMs()
  const statements = await db.query<{ queryid: string; query: string; calls: string; ms: string; plan_ms: string }>(
    `SELECT queryid::text, query, calls, total_exec_time::text AS ms, total_plan_time::text AS plan_ms FROM pg_stat_statements
      WHERE toplevel AND userid = $1::regrole AND dbid = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    [role],
  )
  const tables = await db.query<{ relname: string; written: string }>(
    "SELECT schemaname || '.' || relname AS relname, n_tup_ins + n_tup_upd + n_tup_del AS written FROM pg_stat_user_tables",
  )
  const [{ lsn, evictions }] = await db.query<{ lsn: string; evictions: string }>(
    "SELECT pg_current_wal_lsn()::text AS lsn, (SELECT dealloc FROM pg_stat_statements_info)::text AS evictions",
  )
  return {
    statements: new Map(
      statements.map((row) => [row.queryid, { query: row.query, calls: Number(row.calls), ms: Number(row.ms), planMs: Number(row.plan_ms) }]),
    ),
    cpuMs,
    tables: new Map(tables.map((row) => [row.relname, Number(row.written)])),
    walLsn: lsn,
    evictions: Number(evictions),
  }
}

export async function costBetween(db: StatementsDatabase, before: SqlCounters, after: SqlCounters): Promise<SqlCost> {
  const byStatement = [...after.statements].map(([id, { query, calls, ms, planMs }]) => ({
    query,
    calls: calls - (before.statements.get(id)?.calls ?? 0),
    ms: ms - (before.statements.get(id)?.ms ?? 0),
    planMs: planMs - (before.statements.get(id)?.planMs ?? 0),
  }))
  const byTable = [...after.tables].map(([table, rows]) => ({ table, rows: rows - (before.tables.get(table) ?? 0) }))
  const [{ bytes }] = await db.query<{ bytes: string }>("SELECT pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn)::text AS bytes", [
    after.walLsn,
    before.walLsn,
  ])
  // An entry pg_stat_statements evicted in between would make its calls look negative.
  if (after.evictions !== before.evictions) throw new Error("pg_stat_statements evicted entries during the measurement: raise pg_stat_statements.max")
  return {
    statements: byStatement.reduce((total, s) => total + s.calls, 0),
    execMs: byStatement.reduce((total, s) => total + s.ms, 0),
    planMs: byStatement.reduce((total, s) => total + s.planMs, 0),
    cpuMs: after.cpuMs - before.cpuMs,
    rowsWritten: byTable.reduce((total, t) => total + t.rows, 0),
    walBytes: Number(bytes),
    byStatement: byStatement.filter((s) => s.calls > 0).sort((a, b) => b.calls - a.calls),
    byTable: byTable.filter((t) => t.rows > 0).sort((a, b) => b.rows - a.rows),
  }
}
