import type { RequestHandler } from "express"
import { AuthRequest, type AuthResponse } from "../wire"
import type { SandboxContext } from "../context"
import { describeIssues } from "../issues"
import { authenticateMerchant } from "../merchants"
import { issueToken } from "../tokens"
import { sendAuthError, sendEmptyBadRequest } from "./service-errors"

/** POST /api/auth (docs/service-api.md, "Authentication", errors included). */
export function authRoute(ctx: SandboxContext): RequestHandler {
  return (req, res) => {
    const parsed = AuthRequest.safeParse(req.body)
    if (!parsed.success) return sendEmptyBadRequest(res, describeIssues(parsed.error))
    const { merchantId, apiToken } = parsed.data
    const merchant = authenticateMerchant(ctx.state, merchantId, apiToken)
    if (!merchant) return sendAuthError(req, res, 404, `no merchant ${merchantId} with this apiToken`)
    if (!merchant.approved) return sendAuthError(req, res, 400, `merchant ${merchantId} is not approved`)
    const answer: AuthResponse = { Authorization: `Bearer ${issueToken(ctx, merchant.merchantId)}` }
    res.json(answer)
  }
}
