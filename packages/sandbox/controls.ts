import { z } from "zod"
import { Decimal } from "./wire"
import type { SandboxContext } from "./context"
import { FaultConfig } from "./faults/config"
import { findLoan } from "./loans"
import { declineLoan, expireLoan, payLoan } from "./payment"
import { refundAtService } from "./refunds"
import { clearState, type Loan, type Refund, type WebhookDelivery } from "./state"
import { WebhookConfig, WebhookConfigPatch } from "./webhook/config"
import { redeliver } from "./webhook/sender"

/** What the merchant types in the service's portal to refund a paid loan. */
export const PortalRefund = z.strictObject({
  totalAmount: Decimal,
  reason: z.string().default("refunded in the service's portal"),
})
export type PortalRefund = z.input<typeof PortalRefund>

/** What a developer can do to the sandbox: the same actions behind the Sandbox object, the control API and the CLI. */
export interface SandboxControls {
  pay(loanId: number): Promise<WebhookDelivery>
  decline(loanId: number): Loan
  expire(loanId: number): Loan
  redeliver(loanId: number): Promise<WebhookDelivery>
  /** A refund the merchant makes in the service's portal: `request` is `PortalRefund`. */
  refundAtService(cartId: string, request: unknown): Refund
  setFaults(faults: unknown): FaultConfig
  setWebhook(config: unknown): WebhookConfig
  /** Forgets the messages sent so far; answers how many there were. */
  clearOutbox(): number
  reset(): void
}

export function createControls(ctx: SandboxContext): SandboxControls {
  return {
    pay: (loanId) => payLoan(ctx, loanId),
    decline: (loanId) => declineLoan(ctx, loanId),
    expire: (loanId) => expireLoan(ctx, loanId),
    // Sent whatever the loan's status: a receiver must check the status query, not trust the body.
    redeliver: (loanId) => redeliver(ctx, findLoan(ctx, loanId)),
    refundAtService: (cartId, request) => refundAtService(ctx, cartId, PortalRefund.parse(request)),
    setFaults(faults) {
      ctx.faults.set(FaultConfig.parse(faults))
      ctx.log(`[sandbox] faults: ${JSON.stringify(ctx.faults.config)}`)
      return ctx.faults.config
    },
    setWebhook(config) {
      const patch = WebhookConfigPatch.parse(config)
      ctx.webhook = WebhookConfig.parse({ ...ctx.webhook, ...patch })
      ctx.log(`[sandbox] webhook auth ${ctx.webhook.auth}, ${ctx.webhook.retries} retries`)
      return ctx.webhook
    },
    clearOutbox() {
      const cleared = ctx.state.outbox.length
      ctx.state.outbox.length = 0
      ctx.log(`[sandbox] outbox cleared: ${cleared} messages forgotten`)
      return cleared
    },
    reset() {
      clearState(ctx.state)
      ctx.changed()
      ctx.log("[sandbox] reset: loans, refunds, requests, deliveries and sent messages forgotten")
    },
  }
}
