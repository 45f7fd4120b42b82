import type { ReceivedRequest } from "../../packages/sandbox"

const REFUND_PATH = "/api/pos/loan/refund"

/** A refund request as the service received it: when, under which key, for what, and how it was answered. */
export interface SentRefund {
  at: string
  key: string | undefined
  cartId: string
  totalAmount: string
  reason: string
  /** Null while unanswered, and for a request whose reply a fault lost. */
  status: number | null
  fault: ReceivedRequest["fault"]
}

/**
 * The refund requests the sandbox received, kept by the model: the sandbox keeps only its last
 * 1,000 requests, fewer than a long run's. Collected after every command; a request's record is
 * kept by reference, so its answer is read when it came, not when it was collected.
 */
export class RefundRequestLog {
  private readonly seen = new Set<ReceivedRequest>()

  constructor(private readonly requests: ReceivedRequest[]) {}

  collect(): void {
    for (const request of this.requests) if (request.method === "POST" && request.path === REFUND_PATH) this.seen.add(request)
  }

  /** The requests for these carts, oldest first. */
  of(cartIds: string[]): SentRefund[] {
    this.collect()
    return [...this.seen]
      .flatMap((request) => {
        const body = request.body as { cartId?: unknown; totalAmount?: unknown; reason?: unknown } | null
        if (typeof body?.cartId !== "string" || !cartIds.includes(body.cartId)) return []
        return [
          {
            at: request.at,
            key: request.headers["x-idempotency-key"],
            cartId: body.cartId,
            totalAmount: String(body.totalAmount),
            reason: String(body.reason ?? ""),
            status: request.status,
            fault: request.fault,
          },
        ]
      })
      .sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
  }

  /** How many refund requests for the cart arrived since `since` (an ISO time). */
  countSince(cartId: string, since: string): number {
    return this.of([cartId]).filter((request) => request.at >= since).length
  }
}
