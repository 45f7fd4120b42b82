import type { Database } from "./postgres"

/** PostgreSQL's PGSTAT_IDLE_INTERVAL (10 s), and a margin. */
const STATS_FLUSH_MS = 11_000

interface TableCounters {
  seqScans: number
  seqRows: number
  indexScans: number
}

/** Rows each table handed out through sequential scans, per item of work, largest first. */
export interface TableScans {
  table: string
  seqScans: number
  seqRowsPerItem: number
  indexScans: number
}

/**
 * PostgreSQL's own counters of how each table was read (pg_stat_user_tables): a cost that grows
 * with a table's size shows as sequential-scan rows per order that grow with it, whatever the
 * machine's speed. A backend reports its counters within 10 s of going idle: the answer waits that long.
 */
export async function tableScansFrom(db: Database): Promise<(items: number) => Promise<TableScans[]>> {
  const before = await counters(db)
  return async (items) => {
    await new Promise((resolve) => setTimeout(resolve, STATS_FLUSH_MS))
    const after = await counters(db)
    return [...after]
      .map(([table, now]) => {
        const then = before.get(table) ?? { seqScans: 0, seqRows: 0, indexScans: 0 }
        return {
          table,
          seqScans: now.seqScans - then.seqScans,
          seqRowsPerItem: (now.seqRows - then.seqRows) / items,
          indexScans: now.indexScans - then.indexScans,
        }
      })
      .filter((row) => row.seqScans > 0)
      .sort((a, b) => b.seqRowsPerItem - a.seqRowsPerItem)
  }
}

async function counters(db: Database): Promise<Map<string, TableCounters>> {
  const rows = await db.query<{ relname: string; seq_scan: string; seq_tup_read: string; idx_scan: string | null }>(
    "SELECT relname, seq_scan, seq_tup_read, idx_scan FROM pg_stat_user_tables",
  )
  return new Map(
    rows.map((row) => [row.relname, { seqScans: Number(row.seq_scan), seqRows: Number(row.seq_tup_read), indexScans: Number(row.idx_scan ?? 0) }]),
  )
}
