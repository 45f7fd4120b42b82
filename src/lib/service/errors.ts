import { MedusaError } from "@medusajs/framework/utils"
import { BnplServiceError } from "./client"
import { RefundRejectedError, RefundUnknownError } from "./refunds"

/**
 * Failures, worded for whoever reads them. The operator (log lines, admin routes) gets what
 * happened and what to change; the shopper (store routes) gets what they can do about it,
 * and never the name of a setting, a credential hint or the service's own words.
 */

/**
 * The operator's reading: what happened and what to do. Only BnplServiceError messages are
 * passed on: they are built without headers or request configs, so they cannot carry a secret.
 */
export function asMedusaError(error: unknown, action: string): MedusaError {
  if (error instanceof MedusaError) return error
  if (!(error instanceof BnplServiceError)) {
    return new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `Could not ${action}: an unexpected error occurred in medusa-payment-bnpl.`)
  }
  const advice: Record<BnplServiceError["kind"], string> = {
    timeout: "Try again in a moment; if it persists, raise BNPL_TIMEOUT_MS or check the service's status.",
    network: "Check BNPL_AUTH_URL / BNPL_BASE_URL and that the service is reachable from this server.",
    malformed: "The service's answer did not match its published format; contact the service.",
    http: error.isRefusal
      ? "Check the merchant credentials (BNPL_API_TOKEN, BNPL_MERCHANT_ID, BNPL_SHOP_ID) and the request."
      : "The service failed; try again in a moment.",
  }
  const type = error.isRefusal ? MedusaError.Types.NOT_ALLOWED : MedusaError.Types.UNEXPECTED_STATE
  return new MedusaError(type, `Could not ${action}. The financing service's ${error.message}. ${advice[error.kind]}`)
}

export const SHOPPER_ADVICE = "Installments are unavailable right now; choose another payment method or try again."

/**
 * The shopper's reading, for store routes: the same for every cause, because none of them is
 * the shopper's to fix. Log `asMedusaError(error, action).message` beside it for the operator.
 * A refusal answers 400 and an outage 500, as Medusa's error handler maps NOT_ALLOWED and
 * UNEXPECTED_STATE; the message is the same. A MedusaError that is already the shopper's
 * (an amount out of range, a cart that changed) passes through unchanged.
 */
export function asShopperError(error: unknown, action: string): MedusaError {
  if (error instanceof MedusaError && !namesASetting(error.message)) return error
  const refused = error instanceof BnplServiceError ? error.isRefusal : error instanceof MedusaError && error.type === MedusaError.Types.NOT_ALLOWED
  const type = refused ? MedusaError.Types.NOT_ALLOWED : MedusaError.Types.UNEXPECTED_STATE
  return new MedusaError(type, `Could not ${action}. ${SHOPPER_ADVICE}`)
}

/** An operator's message (asMedusaError's) that found its way here must not reach the shopper. */
function namesASetting(message: string): boolean {
  return /\bBNPL_[A-Z_]+/.test(message)
}

/**
 * A refund the service refused, or answered unclearly, in the merchant's words: a 400 saying what
 * became of the money and what to do, whichever path asked (Medusa's refund of a payment, *Refund
 * in full*). Undefined for any other failure, which the caller words as it words the rest.
 */
export function refundRefusal(error: unknown, loanId: number): MedusaError | undefined {
  if (error instanceof RefundRejectedError) {
    return new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `The service rejected the refund of ${error.totalAmount} on loan ${loanId}: it exceeds what remains refundable there, or the loan can no longer be refunded. Check the loan in the service's portal.`,
    )
  }
  if (error instanceof RefundUnknownError) {
    return new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `The financing service gave no clear answer to the refund of ${error.totalAmount} on loan ${loanId}: it may or may not have happened. Medusa records nothing and no other refund of the loan is sent until you settle it on the loans page: check the loan in the service's portal, then record it (it happened) or dismiss it (it did not).`,
    )
  }
  return undefined
}
