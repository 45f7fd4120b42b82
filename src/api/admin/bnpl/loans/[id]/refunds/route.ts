import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ledgerOf } from "../../../../../../lib/ledger/ledger"
import { ledgerRowOrNotFound } from "../../ledger-row"
import { bookEntryJson, type BookEntryJson } from "../../ledger-view"

/**
 * GET /admin/bnpl/loans/:id/refunds: the loan's entries in the plugin's book of refunds,
 * oldest first (`{ refunds: BookEntryJson[] }`, ../../ledger-view.ts). An entry `open` (made outside Medusa, amount
 * unknown) or `unknown` (a lost reply) waits for POST …/refunds/:entry_id.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse<{ refunds: BookEntryJson[] }>) {
  const row = await ledgerRowOrNotFound(req.scope, req.params.id)
  const refunds = await ledgerOf(req.scope).listBnplRefunds({ loan_id: row.loan_id }, { order: { created_at: "ASC" } })
  res.json({ refunds: refunds.map(bookEntryJson) })
}
