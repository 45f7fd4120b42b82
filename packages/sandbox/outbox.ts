import type { CommChannel, SendCheckoutRequest } from "./wire"
import type { SandboxContext } from "./context"
import { checkoutUrl, isPaid } from "./loans"
import { appendToHistory, type Loan, loansOfCart, type Merchant, type OutboxMessage } from "./state"

/** How the customer receives the link for each `commChannel` of an in-store loan. */
export const OUTBOX_CHANNELS: Record<CommChannel, OutboxMessage["channel"]> = { w: "WHATSAPP", s: "SMS", q: "QR" }

/**
 * The service sends the checkout link to the customer's phone; the sandbox keeps the message
 * instead, where a test or a person trying the demo opens it and pays (the control API's
 * /_sandbox/outbox, the `outbox` command, the /outbox page). A QR code shown at the counter is
 * kept too: it is how that customer got the link.
 */
export function sendCheckoutLink(ctx: SandboxContext, loan: Loan, phone: string, channel: OutboxMessage["channel"]): OutboxMessage {
  const message: OutboxMessage = {
    at: new Date().toISOString(),
    cartId: loan.cartId,
    loanId: loan.loanId,
    phone,
    channel,
    link: checkoutUrl(ctx, loan),
  }
  appendToHistory(ctx.state.outbox, message)
  const how = channel === "QR" ? `shown as a QR code for ${phone}` : `sent by ${channel} to ${phone}`
  ctx.log(`[sandbox] checkout link of loan ${loan.loanId} (cart ${loan.cartId}) ${how}: ${message.link}`)
  return message
}

export type ResendOutcome = { kind: "sent"; messages: OutboxMessage[] } | { kind: "unknown-cart" } | { kind: "not-payable"; reason: string }

/**
 * `POST /merchant/send-checkout/{cartId}`: the link of the cart's newest unpaid loan again, to
 * the phone given, once per channel. A cart with a paid loan gets none, so that nobody is
 * asked to pay twice; nor does a link that can no longer be paid.
 */
export function resendCheckout(ctx: SandboxContext, merchant: Merchant, cartId: string, request: SendCheckoutRequest): ResendOutcome {
  const loans = loansOfCart(ctx.state, merchant.merchantId, cartId)
  if (loans.length === 0) return { kind: "unknown-cart" }
  const paid = loans.find(isPaid)
  if (paid) return { kind: "not-payable", reason: `cart ${cartId} is paid (loan ${paid.loanId} is ${paid.status}); refund it instead` }
  const loan = loans.filter((candidate) => candidate.status === "REQUEST").at(-1)
  if (!loan) return { kind: "not-payable", reason: `cart ${cartId} has no loan left to pay: every one is CANCELLED; create a new payment` }
  if (loan.expired) return { kind: "not-payable", reason: `the checkout link of loan ${loan.loanId} expired; create a new payment` }
  const channels = [...new Set(request.channels)]
  return { kind: "sent", messages: channels.map((channel) => sendCheckoutLink(ctx, loan, request.target.phoneNumber, channel)) }
}
