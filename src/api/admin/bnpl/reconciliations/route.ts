import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ledgerOf } from "../../../../lib/ledger/ledger"
import { type ListReconciliationsQuery, type ReconciliationListResponse, reconciliationJson } from "./reconciliation-view"

/**
 * GET /admin/bnpl/reconciliations?limit=&offset=: the latest reconciliation runs, newest
 * first, scheduled and admin ones alike. Answers `{ reconciliations, count, limit, offset }`
 * (reconciliation-view.ts); a bad query answers 400 naming the field.
 */
export async function GET(req: AuthenticatedMedusaRequest<unknown, ListReconciliationsQuery>, res: MedusaResponse<ReconciliationListResponse>) {
  const query = req.validatedQuery
  const [rows, count] = await ledgerOf(req.scope).listAndCountBnplReconciliations(
    {},
    { skip: query.offset, take: query.limit, order: { started_at: "DESC", id: "DESC" } },
  )
  const now = new Date()
  res.json({ reconciliations: rows.map((row) => reconciliationJson(row, now)), count, limit: query.limit, offset: query.offset })
}
