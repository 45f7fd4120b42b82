import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { startReconciliation } from "../../../../reconciliation/run"
import { type ReconciliationResponse, reconciliationJson, reconciliationPath } from "../reconciliations/reconciliation-view"

/**
 * POST /admin/bnpl/reconcile: the scheduled reconciliation, on demand (admin only, like
 * every /admin route). A run over a large ledger lasts minutes, longer than an HTTP client
 * or proxy waits, so this answers 202 at once with `{ reconciliation }` (running) and a
 * `Location` to poll: `GET /admin/bnpl/reconciliations/:id` says `done` with what the run
 * did, or `failed` with why. Runs wait for each other (one at a time across instances).
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse<ReconciliationResponse>) {
  const { record, finished } = await startReconciliation(req.scope, "admin")
  finished.catch((error: Error) => {
    // Already recorded on the run (src/reconciliation/run.ts); the log is for the operator.
    req.scope.resolve(ContainerRegistrationKeys.LOGGER).error(`[bnpl] reconciliation ${record.id} failed: ${error.message}`)
  })
  res
    .status(202)
    .location(reconciliationPath(record.id))
    .json({ reconciliation: reconciliationJson(record) })
}
