import { useQuery } from "@tanstack/react-query"
import type { WebhookDeliveryListResponse } from "../../api/admin/bnpl/webhook-deliveries/delivery-view"
import { sdk } from "./sdk"

/** A loan's recorded webhook deliveries, newest first (GET /admin/bnpl/webhook-deliveries?loan_id=). */
export function useWebhookDeliveries(loanId: number | undefined) {
  return useQuery({
    queryKey: ["bnpl", "webhook-deliveries", loanId],
    enabled: loanId !== undefined,
    queryFn: () => sdk.client.fetch<WebhookDeliveryListResponse>("/admin/bnpl/webhook-deliveries", { query: { loan_id: loanId, limit: 20 } }),
  })
}
