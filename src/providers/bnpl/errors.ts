import { MedusaError } from "@medusajs/framework/utils"
import { BnplServiceError } from "./client"

/**
 * Turns a failure into a MedusaError whose message says what happened and
 * what to do. Only BnplServiceError messages are passed on: they are built
 * without headers or request configs, so they cannot carry a secret.
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
