import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { runDiagnosis } from "../../../../diagnosis/run"
import type { DiagnosisResponse } from "../../../../diagnosis/types"

/**
 * GET /admin/bnpl/diagnosis (admin only, like every /admin route): runs every check now and
 * answers `{ checks: [{ id, status: ok | warn | fail, detail, fix, link? }], ran_at }`. Always
 * 200: a failing check is the answer, not an error. Details and fixes never hold a secret.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse<DiagnosisResponse>) {
  const checks = await runDiagnosis(req.scope)
  res.json({ checks, ran_at: new Date().toISOString() })
}
