import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { ledgerOf } from "../../../../lib/ledger/ledger"
import { type ActivityJson, type ActivityQuery, activityJson, daysUntil } from "./activity-view"

/**
 * GET /admin/bnpl/activity?days=7 (1 to 30): per UTC day, loans created by channel and by state,
 * the attention list, refunds booked by state, webhook deliveries by outcome, reconciliation runs
 * and the paid → order delay (activity-view.ts), for the loans and diagnosis pages. Reads the
 * ledger, and Medusa's orders for when the paid loans' orders were placed; a bad query answers 400
 * naming the field.
 */
export async function GET(req: AuthenticatedMedusaRequest<unknown, ActivityQuery>, res: MedusaResponse<{ activity: ActivityJson }>) {
  const days = daysUntil(new Date(), req.validatedQuery.days)
  const activity = await ledgerOf(req.scope).countActivitySince(new Date(`${days[0]}T00:00:00.000Z`))
  const ids = [...new Set(activity.paidOrders.map((loan) => loan.order_id))]
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data: orders } = ids.length
    ? await query.graph({ entity: "order", fields: ["id", "created_at"], filters: { id: ids } })
    : { data: [] as Array<{ id: string; created_at: Date | string }> }
  const orderedAt = new Map(orders.map((order) => [order.id, new Date(order.created_at as Date | string)]))
  res.json({ activity: activityJson(activity, days, orderedAt) })
}
