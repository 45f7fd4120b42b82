import { setTimeout } from "node:timers/promises"
import { z } from "zod"
import { requestJson, type JsonReply } from "./http"

const Token = z.object({ token: z.string() })

export const ReconcileSummary = z.object({
  checked: z.number(),
  authorized: z.number(),
  cancelled: z.number(),
  pending: z.number(),
  failed: z.number(),
  needs_attention: z.number(),
  refunded: z.number(),
  refunds_recorded: z.number(),
  backfilled: z.number(),
})
export type ReconcileSummary = z.infer<typeof ReconcileSummary>

/** A reconciliation run as GET /admin/bnpl/reconciliations/:id answers it (the fields a script reads). */
const Reconciliation = z.object({
  reconciliation: z.object({
    id: z.string(),
    status: z.enum(["running", "interrupted", "done", "failed"]),
    summary: ReconcileSummary.nullable(),
    error: z.string().nullable(),
    started_at: z.string(),
    finished_at: z.string().nullable(),
  }),
})

/** How often reconcile() asks whether the run is done: a small share of a run's time, a few requests a second. */
const POLL_MS = 300

/** The admin side a script needs: a login, and reconciliation on demand. */
export class AdminApi {
  private constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  static async login(baseUrl: string, admin: { email: string; password: string }): Promise<AdminApi> {
    const reply = await requestJson("POST", `${baseUrl}/auth/user/emailpass`, { body: admin })
    const parsed = Token.safeParse(reply.body)
    if (reply.status !== 200 || !parsed.success) throw new Error(`admin login: HTTP ${reply.status}`)
    return new AdminApi(baseUrl, parsed.data.token)
  }

  /** The same admin on another instance: tokens are signed with the shared JWT secret. */
  on(baseUrl: string): AdminApi {
    return new AdminApi(baseUrl, this.token)
  }

  /** Any admin POST, as the admin dashboard would send it; the raw reply. */
  post(path: string, body?: unknown, timeoutMs?: number): Promise<JsonReply> {
    return requestJson("POST", `${this.baseUrl}${path}`, { headers: { authorization: `Bearer ${this.token}` }, body, timeoutMs })
  }

  /** Any admin GET; the raw reply. */
  get(path: string, timeoutMs?: number): Promise<JsonReply> {
    return requestJson("GET", `${this.baseUrl}${path}`, { headers: { authorization: `Bearer ${this.token}` }, timeoutMs })
  }

  /**
   * One full pass over the ledger: POST /admin/bnpl/reconcile starts a run (202), then its
   * record is polled until it is done. `ms` is the run's own time, from its start to its end
   * as the server recorded them. A run that fails, or is interrupted, throws with its error.
   */
  async reconcile(timeoutMs = 600_000): Promise<ReconcileSummary & { ms: number }> {
    const deadline = Date.now() + timeoutMs
    let reply = await this.post("/admin/bnpl/reconcile")
    for (;;) {
      const parsed = Reconciliation.safeParse(reply.body)
      if (![200, 202].includes(reply.status) || !parsed.success) {
        throw new Error(`reconcile: HTTP ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`)
      }
      const run = parsed.data.reconciliation
      if (run.status === "done" && run.summary && run.finished_at) {
        return { ...run.summary, ms: Date.parse(run.finished_at) - Date.parse(run.started_at) }
      }
      if (run.status !== "running") throw new Error(`reconcile: run ${run.id} ${run.status}${run.error ? `: ${run.error}` : ""}`)
      if (Date.now() > deadline) throw new Error(`reconcile: run ${run.id} still running after ${timeoutMs / 1000} s`)
      await setTimeout(POLL_MS)
      reply = await this.get(`/admin/bnpl/reconciliations/${encodeURIComponent(run.id)}`)
    }
  }
}
