import type { Database } from "./postgres"

/** PostgreSQL's PGSTAT_IDLE_INTERVAL (10 s), and a margin. */
const STATS_FLUSH_MS = 11_000

/** The tables kept, those that handed out the most rows per item. */
const KEPT = 12

interface TableCounters {
  seqScans: number
  seqRows: number
  indexScans: number
  indexRows: number
}

/** How a table was read during the work: scans, and rows handed out per item of work. */
export interface TableReads {
  table: string
  seqScans: number
  seqRowsPerItem: number
  indexScans: number
  indexRowsPerItem: number
}

/**
 * PostgreSQL's own counters of how each table was read (pg_stat_user_tables): a cost that grows
 * with a table's size shows as rows per order that grow with it, read whole (sequential scans) or
 * through an index by a filter that matches more as the table grows, whatever the machine's
 * speed. A backend reports its counters within 10 s of going idle: the answer waits that long.
 */
export async function tableReadsFrom(db: Database): Promise<(items: number) => Promise<TableReads[]>> {
  const before = await counters(db)
  return async (items) => {
    await new Promise((resolve) => setTimeout(resolve, STATS_FLUSH_MS))
    const after = await counters(db)
    return [...after]
      .map(([table, now]) => {
        const then = before.get(table) ?? { seqScans: 0, seqRows: 0, indexScans: 0, indexRows: 0 }
        return {
          table,
          seqScans: now.seqScans - then.seqScans,
          seqRowsPerItem: (now.seqRows - then.seqRows) / items,
          indexScans: now.indexScans - then.indexScans,
          indexRowsPerItem: (now.indexRows - then.indexRows) / items,
        }
      })
      .filter((row) => row.seqRowsPerItem + row.indexRowsPerItem > 0)
      .sort((a, b) => b.seqRowsPerItem + b.indexRowsPerItem - (a.seqRowsPerItem + a.indexRowsPerItem))
      .slice(0, KEPT)
  }
}

async function counters(db: Database): Promise<Map<string, TableCounters>> {
  const rows = await db.query<{ relname: string; seq_scan: string; seq_tup_read: string; idx_scan: string | null; idx_tup_fetch: string | null }>(
    "SELECT relname, seq_scan, seq_tup_read, idx_scan, idx_tup_fetch FROM pg_stat_user_tables",
  )
  return new Map(
    rows.map((row) => [
      row.relname,
      {
        seqScans: Number(row.seq_scan),
        seqRows: Number(row.seq_tup_read),
        indexScans: Number(row.idx_scan ?? 0),
        indexRows: Number(row.idx_tup_fetch ?? 0),
      },
    ]),
  )
}
