import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ledgerOf } from "../../../../lib/ledger/ledger"
import { type ActivityJson, type ActivityQuery, activityJson, daysUntil } from "./activity-view"

/**
 * GET /admin/bnpl/activity?days=14 (1 to 30): per UTC day, loans created by channel, refunds
 * booked by state, webhook deliveries by outcome and reconciliation runs (activity-view.ts), for
 * the admin's activity page. Reads the ledger only; a bad query answers 400 naming the field.
 */
export async function GET(req: AuthenticatedMedusaRequest<unknown, ActivityQuery>, res: MedusaResponse<{ activity: ActivityJson }>) {
  const days = daysUntil(new Date(), req.validatedQuery.days)
  const activity = await ledgerOf(req.scope).countActivitySince(new Date(`${days[0]}T00:00:00.000Z`))
  res.json({ activity: activityJson(activity, days) })
}
