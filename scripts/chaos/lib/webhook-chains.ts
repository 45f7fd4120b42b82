import type { WebhookDelivery } from "../../../packages/sandbox"
import { waitUntil } from "../../harness/pool"

/**
 * Whether the sandbox is done with a paid loan's webhook: it stops after a 200, after a
 * dropped webhook (never retried), or after its last retry. Waiting for that, rather than
 * for a fixed time, keeps scenarios short and still lets every retry land first.
 */
export function chainDone(deliveries: WebhookDelivery[], retries: number): boolean {
  return deliveries.some((d) => !d.duplicate && (d.status === 200 || d.error?.startsWith("dropped by fault") || d.attempt >= retries + 1))
}

export async function waitForChains(deliveries: () => WebhookDelivery[], loanIds: number[], retries: number, timeoutMs: number): Promise<boolean> {
  return waitUntil(
    async () => {
      const byLoan = new Map<number, WebhookDelivery[]>()
      for (const delivery of deliveries()) byLoan.set(delivery.loanId, [...(byLoan.get(delivery.loanId) ?? []), delivery])
      return loanIds.every((loanId) => chainDone(byLoan.get(loanId) ?? [], retries))
    },
    timeoutMs,
    200,
  )
}
