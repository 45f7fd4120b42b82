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

  /** POST /admin/bnpl/reconcile: one full pass over the pending sessions. */
  async reconcile(timeoutMs = 600_000): Promise<ReconcileSummary & { ms: number }> {
    const reply = await this.post("/admin/bnpl/reconcile", undefined, timeoutMs)
    const parsed = ReconcileSummary.safeParse(reply.body)
    if (reply.status !== 200 || !parsed.success) {
      throw new Error(`reconcile: HTTP ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`)
    }
    return { ...parsed.data, ms: reply.ms }
  }
}
