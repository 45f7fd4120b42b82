import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { ledgerOf } from "../../../../../lib/ledger/ledger"
import { type ReconciliationResponse, reconciliationJson } from "../reconciliation-view"

/**
 * GET /admin/bnpl/reconciliations/:id: one reconciliation run, which the admin polls after
 * `POST /admin/bnpl/reconcile` until it is no longer `running`. Answers `{ reconciliation }`
 * (reconciliation-view.ts); 404 for an id no run has (runs are kept 30 days).
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse<ReconciliationResponse>) {
  const [row] = await ledgerOf(req.scope).listBnplReconciliations({ id: req.params.id }, { take: 1 })
  if (!row) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Reconciliation run ${req.params.id} was not found: runs are kept for 30 days; GET /admin/bnpl/reconciliations lists them.`,
    )
  }
  res.json({ reconciliation: reconciliationJson(row) })
}
