import type { AxiosInstance, AxiosRequestConfig } from "axios"
import { setTimeout } from "node:timers/promises"
import type { ReconciliationJson } from "../../src/api/admin/bnpl/reconciliations/reconciliation-view"

/** One admin HTTP exchange: its status (0 when nothing came back) and its parsed body. */
export interface AdminReply {
  status: number
  body: unknown
}

/** The two admin calls reconciliation on demand takes. */
export interface AdminRequests {
  post(path: string): Promise<AdminReply>
  get(path: string): Promise<AdminReply>
}

export type ReconcileOutcome =
  | { ok: true; summary: Record<string, number>; run: ReconciliationJson }
  /** `reply` is the answer that ended the wait: a refused start or poll, or the run ended `failed` or `interrupted`. */
  | { ok: false; what: string; reply: AdminReply }

const POLL_MS = 250
const TIMEOUT_MS = 120_000

/**
 * Reconciliation on demand as every test runs it: POST /admin/bnpl/reconcile (202 and a
 * `Location`), then GET that location until the run is no longer running. Never throws, so
 * that a caller can record what a user would have seen; `reconciled` throws for the specs.
 */
export async function reconcileAndWait(admin: AdminRequests, timeoutMs = TIMEOUT_MS): Promise<ReconcileOutcome> {
  const started = await admin.post("/admin/bnpl/reconcile")
  const first = runOf(started)
  if (started.status !== 202 || !first) return { ok: false, what: `start answered ${started.status}`, reply: started }
  const location = `/admin/bnpl/reconciliations/${encodeURIComponent(first.id)}`
  const deadline = Date.now() + timeoutMs
  for (let reply = started, run = first; ;) {
    if (run.status === "done" && run.summary) {
      // The counts; what the ledger held at the run's end (`watched`) stays on `run`.
      const { watched: _, ...counts } = run.summary
      return { ok: true, summary: counts, run }
    }
    if (run.status !== "running") return { ok: false, what: `run ${run.status}: ${run.error ?? "no error recorded"}`, reply }
    if (Date.now() > deadline) return { ok: false, what: `run still running after ${timeoutMs / 1000} s`, reply }
    await setTimeout(POLL_MS)
    reply = await admin.get(location)
    const next = runOf(reply)
    if (reply.status !== 200 || !next) return { ok: false, what: `poll answered ${reply.status}`, reply }
    run = next
  }
}

function runOf(reply: AdminReply): ReconciliationJson | undefined {
  const body = reply.body as { reconciliation?: ReconciliationJson } | null
  return typeof body === "object" && body?.reconciliation?.id ? body.reconciliation : undefined
}

/** The admin calls over a spec's axios instance, with the admin's headers. */
export function axiosAdmin(api: AxiosInstance, headers: AxiosRequestConfig): AdminRequests {
  const config = { ...headers, validateStatus: () => true }
  return {
    post: async (path) => toReply(await api.post(path, {}, config)),
    get: async (path) => toReply(await api.get(path, config)),
  }
}

const toReply = ({ status, data }: { status: number; data: unknown }): AdminReply => ({ status, body: data })

/** A reconciliation that must end `done`: its summary, or the spec fails with what happened instead. */
export async function reconciled(api: AxiosInstance, headers: AxiosRequestConfig): Promise<Record<string, number>> {
  const outcome = await reconcileAndWait(axiosAdmin(api, headers))
  if (!outcome.ok) throw new Error(`reconcile: ${outcome.what} ${JSON.stringify(outcome.reply.body).slice(0, 300)}`)
  return outcome.summary
}
