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
}

/** Deliveries older than this are deleted, as reconciliation runs are. */
const KEEP_DAYS = 30
/** Pruning is a DELETE over an index; once an hour per process is plenty. */
const PRUNE_EVERY_MS = 3_600_000
let prunedAt = 0

/**
 * Records the delivery once the answer is sent, so that recording never delays or changes it; a
 * failure to record is logged and nothing more. Reasons come from the route's checks, which never
 * quote a header or a secret (lib/bnpl/webhook.ts).
 */
export async function recordDelivery(container: MedusaContainer, facts: DeliveryFacts, httpStatus: number, receivedAt: Date): Promise<void> {
  const ledger = ledgerOf(container)
  try {
    await ledger.recordWebhookDelivery({
      received_at: receivedAt,
      auth: facts.auth,
      outcome: facts.outcome,
      reason: facts.reason?.slice(0, 500) ?? null,
      loan_id: facts.loanId ?? null,
      cart_id: facts.cartId ?? null,
      http_status: httpStatus,
    })
    if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
      prunedAt = Date.now()
      await ledger.pruneLogs(new Date(Date.now() - KEEP_DAYS * 86_400_000), "deliveries")
    }
  } catch (error) {
    container.resolve(ContainerRegistrationKeys.LOGGER).warn(`[bnpl] webhook delivery not recorded: ${(error as Error).message}`)
  }
}
