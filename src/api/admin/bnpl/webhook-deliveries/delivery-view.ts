import { z } from "zod"

/** A recorded webhook delivery as the admin API answers it (dates as ISO strings). */
export interface WebhookDeliveryJson {
  id: string
  received_at: string
  loan_id: number | null
  service_cart_id: string | null
  auth: "accepted" | "rejected" | "not_required" | "not_checked"
  outcome: string
  reason: string | null
  http_status: number
}

export interface WebhookDeliveryListResponse {
  deliveries: WebhookDeliveryJson[]
  count: number
  limit: number
  offset: number
}

export const ListDeliveriesQuery = z.strictObject({
  /** One loan's deliveries; without it, every delivery (those naming no loan included). */
  loan_id: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
})
export type ListDeliveriesQuery = z.infer<typeof ListDeliveriesQuery>

export function deliveryJson(row: Omit<WebhookDeliveryJson, "received_at"> & { received_at: Date | string }): WebhookDeliveryJson {
  return {
    id: row.id,
    received_at: new Date(row.received_at).toISOString(),
    loan_id: row.loan_id ?? null,
    service_cart_id: row.service_cart_id ?? null,
    auth: row.auth,
    outcome: row.outcome,
    reason: row.reason ?? null,
    http_status: row.http_status,
  }
}
