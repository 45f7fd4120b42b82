import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { reconcileLoansWorkflow } from "../../../../workflows/reconcile-loans"

/**
 * POST /admin/bnpl/reconcile: the scheduled reconciliation, on demand (admin
 * only, like every /admin route). Answers what it did: `{ checked, authorized,
 * cancelled, pending, failed, needs_attention, refunded, refunds_recorded, backfilled }`.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const { result } = await reconcileLoansWorkflow(req.scope).run({ input: {} })
  res.json(result)
}
