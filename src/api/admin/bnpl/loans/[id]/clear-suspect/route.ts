import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { clearSuspectWorkflow } from "../../../../../../workflows/clear-suspect"
import type { ClearSuspectBody } from "../../action-body"
import { ledgerRowOrNotFound } from "../../ledger-row"

/**
 * POST /admin/bnpl/loans/:id/clear-suspect `{ reason }`: the suspected second order of a loan
 * is not its order ("not this loan's order"). Answers `{ cleared, check }`; 400 when the row has
 * no suspect or the reason is missing.
 */
export async function POST(req: AuthenticatedMedusaRequest<ClearSuspectBody>, res: MedusaResponse) {
  const { reason } = req.validatedBody
  const row = await ledgerRowOrNotFound(req.scope, req.params.id)
  const { result } = await clearSuspectWorkflow(req.scope).run({ input: { ledger_id: row.id, reason, actor: req.auth_context.actor_id } })
  res.json(result)
}
