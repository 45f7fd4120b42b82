import type { Confirmation } from "../workflows/confirm-loan"
import type { DeliveryFacts } from "./delivery-record"

/** What the service reads of each answer to a notification it may stop sending (400 is the route's refusal). */
export const ANSWERS = {
  200: { received: true },
  409: { message: "The payment is not confirmed by the service." },
  503: { message: "Could not process the notification now; send it again." },
} as const

export type Answer = keyof typeof ANSWERS

export interface Verdict {
  /** The answer the confirmation calls for, when the service still waits for one. */
  status: Answer
  level: "info" | "warn"
  message: string
  /** What the delivery's record says of it. */
  facts: Pick<DeliveryFacts, "outcome" | "orderId" | "reason">
}

/**
 * A confirmation's verdict, for the service's answer and the log, whichever process reached it:
 * the server while the service waits, or the worker a notification was handed to.
 */
export function verdictOf(result: Confirmation, loanId: number, cartId: string): Verdict {
  const facts: Verdict["facts"] = {
    outcome: result.outcome,
    ...("orderId" in result ? { orderId: result.orderId } : {}),
    ...("reason" in result && typeof result.reason === "string" ? { reason: result.reason } : {}),
  }
  return { ...answerOf(result, `[bnpl] webhook for loan ${loanId} of cart ${cartId}`, `[bnpl] webhook: loan ${loanId} of cart ${cartId}`), facts }
}

function answerOf(result: Confirmation, about: string, done: string): Omit<Verdict, "facts"> {
  switch (result.outcome) {
    case "authorized":
    case "already_authorized":
      return { status: 200, level: "info", message: `${done} ${result.outcome.replace("_", " ")}, order ${result.orderId}` }
    case "needs_attention":
      // Received: the loan is on the admin's attention list, and repeating the notification changes nothing.
      return { status: 200, level: "warn", message: `${about}: on the attention list: ${result.reason}` }
    case "completion_failed":
      return { status: result.attention ? 200 : 503, level: "warn", message: `${about}: ${result.reason}` }
    case "no_pending_session":
      return { status: 409, level: "warn", message: `${about}: no pending session of the plugin holds this loan` }
    case "not_paid":
      return { status: 409, level: "warn", message: `${about}: the status query shows the loan ${result.loanStatus}, not paid` }
    case "amount_mismatch":
      return { status: 409, level: "warn", message: `${about}: loan paid for ${result.loanAmount}, session is for ${result.sessionAmount}` }
    case "cart_changed":
      return { status: 409, level: "warn", message: `${about}: loan paid for ${result.loanAmount}, but the cart now totals ${result.cartTotal}` }
  }
}
