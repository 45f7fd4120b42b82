import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ledgerOf } from "../../../../lib/ledger/ledger"
import { deliveryJson, type ListDeliveriesQuery, type WebhookDeliveryListResponse } from "./delivery-view"

/**
 * GET /admin/bnpl/webhook-deliveries?loan_id=&limit=&offset=: the webhook's deliveries, newest
 * first, of one loan or of all (those that named no loan included). Kept 30 days.
 */
export async function GET(req: AuthenticatedMedusaRequest<unknown, ListDeliveriesQuery>, res: MedusaResponse<WebhookDeliveryListResponse>) {
  const query = req.validatedQuery
  const [rows, count] = await ledgerOf(req.scope).listAndCountBnplWebhookDeliveries(query.loan_id ? { loan_id: query.loan_id } : {}, {
    skip: query.offset,
    take: query.limit,
    order: { received_at: "DESC", id: "DESC" },
  })
  res.json({ deliveries: rows.map(deliveryJson), count, limit: query.limit, offset: query.offset })
}
