import type { Span } from "@medusajs/framework/opentelemetry/api"
import { ATTR } from "./attributes"
import { instruments } from "./instruments"
import { aboutLoan } from "./loan-context"
import { inSpan } from "./span"

/**
 * What became of one refund the plugin was asked for:
 * - `repeat`: its key names an entry already decided; nothing was sent again;
 * - `held`: an unclear refund on the loan (or this one's, earlier) stops it; nothing was sent;
 * - `accepted`, `rejected`, `unknown`: booked, sent, and the service's answer (unknown: no clear one).
 */
export type RefundOutcome = "repeat" | "held" | "accepted" | "rejected" | "unknown"

/** Marks on the refund's span as it goes. */
export interface RefundProgress {
  booked(): void
  sent(): void
  outcome(outcome: RefundOutcome): void
}

/** One refund of the book (lib/money/refund-book.ts, bookedRefund) as a span, `bnpl.refund`, and a point of `bnpl.refunds`. */
export function refundSpan<T>(refund: { loanId: number; cartId: string }, work: (progress: RefundProgress) => Promise<T>): Promise<T> {
  return aboutLoan({ loanId: refund.loanId }, () =>
    inSpan(
      "bnpl.refund",
      () => ({ [ATTR.LOAN_ID]: refund.loanId, [ATTR.CART_ID]: refund.cartId, [ATTR.REFUND_BOOKED]: false, [ATTR.REFUND_SENT]: false }),
      (span) => work(progressOn(span)),
    ),
  )
}

function progressOn(span: Span): RefundProgress {
  const mark = (name: string, value: boolean | string) => span.isRecording() && span.setAttribute(name, value)
  return {
    booked: () => mark(ATTR.REFUND_BOOKED, true),
    sent: () => mark(ATTR.REFUND_SENT, true),
    outcome: (outcome) => {
      mark(ATTR.REFUND_OUTCOME, outcome)
      const metrics = instruments()
      if (metrics.on) metrics.refunds.add(1, { [ATTR.REFUND_OUTCOME]: outcome })
    },
  }
}
