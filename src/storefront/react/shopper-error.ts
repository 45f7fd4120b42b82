import { InstallmentCheckoutError } from "../checkout"
import type { CheckoutTexts } from "../messages"

/**
 * What the shopper reads when the way to the service fails: the shopper's reason when
 * installments cannot pay (already in their language), else the kit's sentence; the store's own
 * message is for the merchant's logs, not the shopper.
 */
export function shopperError(error: unknown, texts: CheckoutTexts): string {
  if (error instanceof InstallmentCheckoutError && error.kind === "unavailable") return error.message
  return texts.payError
}
