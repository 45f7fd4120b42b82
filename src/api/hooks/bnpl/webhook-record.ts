import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { ledgerOf } from "../../../lib/ledger/ledger"

/** What the route learnt of one delivery as it went; the status is the answer's. */
export interface DeliveryFacts {
  auth: "accepted" | "rejected" | "not_required" | "not_checked"
  outcome: string
  reason?: string
  loanId?: number
  cartId?: string
  /** The order that holds the loan, for the delivery's span; the record has the loan. */
  orderId?: string
}

/**
 * Records the delivery once the answer is sent, so that recording never delays or changes it; a
 * failure to record is logged and nothing more. Reasons come from the route's checks, which never
 * quote a header or a secret (lib/service/webhook.ts). Old deliveries are deleted by a scheduled job
 * (jobs/prune-webhook-deliveries.ts), not here.
 */
export async function recordDelivery(container: MedusaContainer, facts: DeliveryFacts, httpStatus: number, receivedAt: Date): Promise<void> {
  try {
    await ledgerOf(container).recordWebhookDelivery({
      received_at: receivedAt,
      auth: facts.auth,
      outcome: facts.outcome,
      reason: facts.reason?.slice(0, 500) ?? null,
      loan_id: facts.loanId ?? null,
      service_cart_id: facts.cartId ?? null,
      http_status: httpStatus,
    })
  } catch (error) {
    container.resolve(ContainerRegistrationKeys.LOGGER).warn(`[bnpl] webhook delivery not recorded: ${(error as Error).message}`)
  }
}
