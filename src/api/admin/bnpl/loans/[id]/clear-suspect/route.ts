import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { z } from "zod"
import { clearSuspectWorkflow } from "../../../../../../workflows/clear-suspect"
import { ledgerRowOrNotFound } from "../../ledger-row"
import { parseInput } from "../../parse-input"

const ClearSuspectBody = z.strictObject({ reason: z.string().trim().min(3).max(500) })

/**
 * POST /admin/bnpl/loans/:id/clear-suspect `{ reason }`: the suspected second order of a loan
 * is not its order ("not this loan's order"). Answers `{ cleared, check }`; 400 when the row has
 * no suspect or the reason is missing.
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const { reason } = parseInput(ClearSuspectBody, req.body, "body")
  const row = await ledgerRowOrNotFound(req.scope, req.params.id)
  const { result } = await clearSuspectWorkflow(req.scope).run({ input: { ledger_id: row.id, reason, actor: req.auth_context.actor_id } })
  res.json(result)
}
