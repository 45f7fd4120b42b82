import type { ReasonCode } from "./wire"

/** The reasons that are about the amount and its currency alone. */
export type AmountReason = Extract<ReasonCode, "currency_not_offered" | "below_minimum" | "above_maximum">

/** The configured bounds, in the same minor units as the amount they judge. */
export interface AmountLimits {
  currencies: string[]
  min: bigint
  max: bigint
}

/**
 * Why an amount cannot be paid in installments, or undefined when it can: the currency must
 * be offered and the amount within the bounds, both ends included. The one rule behind session
 * creation (the provider), the store's offer and eligibility routes and the storefront kit;
 * framework-free, so the kit carries it too.
 */
export function amountIneligibility(currencyCode: string, minor: bigint, limits: AmountLimits): AmountReason | undefined {
  if (!limits.currencies.includes(currencyCode.toLowerCase())) return "currency_not_offered"
  if (minor < limits.min) return "below_minimum"
  if (minor > limits.max) return "above_maximum"
  return undefined
}
