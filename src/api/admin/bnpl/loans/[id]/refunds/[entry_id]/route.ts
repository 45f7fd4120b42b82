import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { settleRefundWorkflow } from "../../../../../../../workflows/settle-refund"
import type { SettleRefundBody } from "../../../action-body"
import { ledgerRowOrNotFound } from "../../../ledger-row"
import { bookEntryJson } from "../../../ledger-view"

/**
 * POST /admin/bnpl/loans/:id/refunds/:entry_id: the admin settles a refund the plugin's book
 * cannot account for. `{ action: "record", amount: "250.00" }` books it (and Medusa records it
 * on the order's captured payment, without calling the service); `{ action: "dismiss", reason }`
 * says it is not this loan's. Answers `{ entry, check }` (check: the refund check that follows).
 */
export async function POST(req: AuthenticatedMedusaRequest<SettleRefundBody>, res: MedusaResponse) {
  const body = req.validatedBody
  const row = await ledgerRowOrNotFound(req.scope, req.params.id)
  const { result } = await settleRefundWorkflow(req.scope).run({
    input: { ...body, ledger_id: row.id, entry_id: req.params.entry_id, actor: req.auth_context.actor_id },
  })
  res.json({ ...result, entry: bookEntryJson(result.entry) })
}
