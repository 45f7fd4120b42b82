import { context, type Span, SpanKind, SpanStatusCode, trace } from "@medusajs/framework/opentelemetry/api"
import { ATTR } from "./attributes"
import { instruments, tracer } from "./instruments"

/** What the webhook route learnt of one delivery: ids and verdicts only. */
export interface DeliveryOutcome {
  /** accepted, rejected, not_required or not_checked */
  auth: string
  /** rejected, error, or the confirmation's outcome */
  outcome: string
  loanId?: number
  cartId?: string
  orderId?: string
}

/**
 * The span of one webhook delivery, `bnpl.webhook`, under Medusa's http span when the store
 * traces it. It ends with the answer, when the route records the delivery; the confirmation it
 * starts runs inside it.
 */
export class WebhookDeliverySpan {
  private readonly span: Span = tracer().startSpan("bnpl.webhook", { kind: SpanKind.INTERNAL })

  within<T>(work: () => Promise<T>): Promise<T> {
    return context.with(trace.setSpan(context.active(), this.span), work)
  }

  end(delivery: DeliveryOutcome, httpStatus: number): void {
    const metrics = instruments()
    if (metrics.on) metrics.webhookDeliveries.add(1, { [ATTR.WEBHOOK_OUTCOME]: delivery.outcome, [ATTR.HTTP_STATUS]: httpStatus })
    if (this.span.isRecording()) {
      this.span.setAttributes({
        [ATTR.WEBHOOK_AUTH]: delivery.auth,
        [ATTR.WEBHOOK_VERDICT]: delivery.outcome,
        [ATTR.HTTP_STATUS]: httpStatus,
        ...(delivery.loanId !== undefined ? { [ATTR.LOAN_ID]: delivery.loanId } : {}),
        ...(delivery.cartId ? { [ATTR.CART_ID]: delivery.cartId } : {}),
        ...(delivery.orderId ? { [ATTR.ORDER_ID]: delivery.orderId } : {}),
      })
      if (httpStatus >= 500) this.span.setStatus({ code: SpanStatusCode.ERROR, message: `answered ${httpStatus}` })
    }
    this.span.end()
  }
}
