import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { reconcileLoans } from "../../../../workflows/reconcile-loans"

/**
 * POST /admin/bnpl/reconcile: the scheduled reconciliation, on demand (admin
 * only, like every /admin route). Answers what it did:
 * `{ checked, authorized, cancelled, pending, failed, orphan_orders_removed }`.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  res.json(await reconcileLoans(req.scope))
}
