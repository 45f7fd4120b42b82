import type { WebhookNotification } from "../wire"
import type { SandboxContext } from "../context"
import { merchantOf } from "../loans"
import { appendToHistory, type Loan, type WebhookDelivery } from "../state"
import { webhookAuthorization } from "./authorization"
import { postJson } from "./post"

/**
 * Sends the payment confirmation (docs/service-api.md, "Webhook") for a freshly paid loan and resolves with the
 * first attempt; retries go on in the background with exponential backoff, because the
 * customer's redirect must not wait for a merchant that is down. Webhook faults apply here.
 */
export async function notifyPayment(ctx: SandboxContext, loan: Loan): Promise<WebhookDelivery> {
  const plan = ctx.faults.planWebhook()
  if (plan.delayMs > 0) await ctx.lifecycle.sleep(plan.delayMs)
  if (plan.drop) return recordDrop(ctx, loan)
  const copies = [sendAttempt(ctx, loan, 1, false)]
  if (plan.duplicate) copies.push(sendAttempt(ctx, loan, 1, true))
  const [first] = await Promise.all(copies)
  if (!delivered(first)) retryLater(ctx, loan, 2)
  return first
}

/** One more attempt, now, without faults or retries: what a developer asks for by hand. */
export function redeliver(ctx: SandboxContext, loan: Loan): Promise<WebhookDelivery> {
  const attempts = ctx.state.webhooks.filter((delivery) => delivery.loanId === loan.loanId && !delivery.duplicate)
  return sendAttempt(ctx, loan, attempts.length + 1, false)
}

function delivered(delivery: WebhookDelivery): boolean {
  return delivery.status === 200
}

function retryLater(ctx: SandboxContext, loan: Loan, attempt: number): void {
  const { retries, backoffMs } = ctx.webhook
  if (attempt > retries + 1) return
  // The task's promise keeps the lifecycle busy until the next retry, if any, is scheduled.
  ctx.lifecycle.after(backoffMs * 2 ** (attempt - 2), () =>
    sendAttempt(ctx, loan, attempt, false).then((delivery) => {
      if (!delivered(delivery)) retryLater(ctx, loan, attempt + 1)
    }),
  )
}

function webhookUrlOf(ctx: SandboxContext, loan: Loan): string {
  return ctx.webhook.url ?? loan.request.webHookUrl
}

function notificationOf(loan: Loan): WebhookNotification {
  return { status: "Activo", loanId: loan.loanId, cartId: loan.cartId, merchantId: loan.merchantId }
}

async function sendAttempt(ctx: SandboxContext, loan: Loan, attempt: number, duplicate: boolean): Promise<WebhookDelivery> {
  const url = webhookUrlOf(ctx, loan)
  const notification = notificationOf(loan)
  const started = Date.now()
  const delivery: WebhookDelivery = {
    loanId: loan.loanId,
    cartId: loan.cartId,
    attempt,
    at: new Date(started).toISOString(),
    url,
    status: null,
    error: null,
    durationMs: 0,
    duplicate,
    response: null,
  }
  try {
    const authorization = webhookAuthorization(ctx.webhook, notification, merchantOf(ctx, loan).apiToken)
    const headers: Record<string, string> = authorization ? { authorization } : {}
    const body = JSON.stringify(notification)
    const reply = await postJson(url, body, headers, ctx.webhook.timeoutMs, ctx.lifecycle.signal)
    delivery.status = reply.status
    delivery.response = reply.body
  } catch (error) {
    delivery.error = error instanceof Error ? error.message : String(error)
  }
  delivery.durationMs = Date.now() - started
  return record(ctx, delivery)
}

function recordDrop(ctx: SandboxContext, loan: Loan): WebhookDelivery {
  return record(ctx, {
    loanId: loan.loanId,
    cartId: loan.cartId,
    attempt: 1,
    at: new Date().toISOString(),
    url: webhookUrlOf(ctx, loan),
    status: null,
    error: "dropped by fault (webhook.dropRate): never sent, never retried",
    durationMs: 0,
    duplicate: false,
    response: null,
  })
}

function record(ctx: SandboxContext, delivery: WebhookDelivery): WebhookDelivery {
  appendToHistory(ctx.state.webhooks, delivery)
  // Deliveries aborted by close() are kept but not logged: the log may already be gone.
  if (ctx.lifecycle.signal.aborted) return delivery
  const outcome = `${delivery.status ?? delivery.error} (${delivery.durationMs} ms)`
  const attempt = `attempt ${delivery.attempt}${delivery.duplicate ? " (duplicate)" : ""}`
  ctx.log(`[sandbox] webhook loan ${delivery.loanId} -> ${delivery.url} ${attempt}: ${outcome}`)
  return delivery
}
