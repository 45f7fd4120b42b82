import { z } from "zod"
import type { ReconciliationRecord } from "../../../../modules/bnpl/types"
import { RUN_LOCK_TTL } from "../../../../lib/ledger/locks"
import type { ReconcileSummary } from "../../../../modules/bnpl/types"

/**
 * A reconciliation run as the admin API answers it (`POST /admin/bnpl/reconcile`,
 * `GET /admin/bnpl/reconciliations[/:id]`): the record's fields, dates as ISO strings.
 *
 * `status` is the record's, except that a `running` run whose heartbeat is older than the
 * run lock's TTL is `interrupted`: its process died (a restart, a crash), and the run will
 * neither finish nor fail. The next run picks up what it left.
 */
export type ReconciliationStatus = ReconciliationRecord["status"] | "interrupted"

export interface ReconciliationJson {
  id: string
  trigger: ReconciliationRecord["trigger"]
  status: ReconciliationStatus
  /** What the run did, once `done`. */
  summary: ReconcileSummary | null
  /** Why it failed, once `failed`. */
  error: string | null
  started_at: string
  finished_at: string | null
  heartbeat_at: string
}

export interface ReconciliationResponse {
  reconciliation: ReconciliationJson
}

export interface ReconciliationListResponse {
  reconciliations: ReconciliationJson[]
  count: number
  limit: number
  offset: number
}

export const ListReconciliationsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  offset: z.coerce.number().int().min(0).default(0),
})
export type ListReconciliationsQuery = z.infer<typeof ListReconciliationsQuery>

const iso = (value: Date | string): string => new Date(value).toISOString()

export function reconciliationJson(row: ReconciliationRecord, now = new Date()): ReconciliationJson {
  const silentMs = now.getTime() - new Date(row.heartbeat_at).getTime()
  return {
    id: row.id,
    trigger: row.trigger,
    status: row.status === "running" && silentMs > RUN_LOCK_TTL * 1000 ? "interrupted" : row.status,
    // Written by the run itself (src/reconciliation/run.ts) from a ReconcileSummary; the column is plain json.
    summary: (row.summary as ReconcileSummary | null) ?? null,
    error: row.error ?? null,
    started_at: iso(row.started_at),
    finished_at: row.finished_at ? iso(row.finished_at) : null,
    heartbeat_at: iso(row.heartbeat_at),
  }
}

/** Where a run's record is read: the 202's `Location`. */
export const reconciliationPath = (id: string) => `/admin/bnpl/reconciliations/${encodeURIComponent(id)}`
