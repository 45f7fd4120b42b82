import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { z } from "zod"
import { Decimal } from "../../../../../../../lib/bnpl/wire"
import { settleRefundWorkflow } from "../../../../../../../workflows/settle-refund"
import { ledgerRowOrNotFound } from "../../../ledger-row"
import { bookEntryJson } from "../../../ledger-view"
import { parseInput } from "../../../parse-input"

export const SettleRefundBody = z.discriminatedUnion("action", [
  z.strictObject({ action: z.literal("record"), amount: Decimal.optional() }),
  z.strictObject({ action: z.literal("dismiss"), reason: z.string().trim().min(3).max(500) }),
])

/**
 * POST /admin/bnpl/loans/:id/refunds/:entry_id: the admin settles a refund the plugin's book
 * cannot account for. `{ action: "record", amount: "250.00" }` books it (and Medusa records it
 * on the order's captured payment, without calling the service); `{ action: "dismiss", reason }`
 * says it is not this loan's. Answers `{ entry, check }` (check: the refund check that follows).
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const body = parseInput(SettleRefundBody, req.body, "body")
  const row = await ledgerRowOrNotFound(req.scope, req.params.id)
  const { result } = await settleRefundWorkflow(req.scope).run({
    input: { ...body, ledger_id: row.id, entry_id: req.params.entry_id, actor: req.auth_context.actor_id },
  })
  res.json({ ...result, entry: bookEntryJson(result.entry) })
}
