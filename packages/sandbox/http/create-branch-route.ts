import type { RequestHandler } from "express"
import { createBranches } from "../branches"
import type { SandboxContext } from "../context"
import { describeIssues } from "../issues"
import { type BranchesCreated, CreateBranchRequest } from "../wire"
import { posMerchant } from "./pos-merchant"
import { withExtraFields } from "./extra-fields"
import { sendServiceError } from "./service-errors"

/** POST /merchant/create-branch: registers the merchant's branches and answers their ids, which in-store loans name as `shopId`. */
export function createBranchRoute(ctx: SandboxContext): RequestHandler {
  return (req, res) => {
    const merchant = posMerchant(ctx, req, res)
    if (!merchant) return
    const parsed = CreateBranchRequest.safeParse(req.body)
    if (!parsed.success) return sendServiceError(req, res, 400, describeIssues(parsed.error))
    const created = createBranches(ctx, merchant, parsed.data.branches)
    const answer: BranchesCreated = withExtraFields(ctx, { branches: created.map(({ branchId, name }) => ({ branchId, name })) })
    res.json(answer)
  }
}
