/**
 * `medusa-payment-bnpl-storefront` (also `medusa-payment-bnpl/storefront`): the shopper's side of pay in installments, for any
 * storefront on `@medusajs/js-sdk`. Framework-free; the SDK is a type, not a dependency.
 */
export { getOffer, getCartEligibility } from "./api"
export {
  installmentCheckoutUrl,
  placeOrderBeforeFinancing,
  startInstallmentCheckout,
  InstallmentCheckoutError,
  type InstallmentCheckout,
} from "./checkout"
export { completeOnReturn, type ReturnState, type CompleteOnReturnOptions } from "./complete"
export { getBalanceEligibility, balanceCheckoutUrl, confirmBalanceOnReturn, type BalanceReturnState } from "./balance"
export { formatInstallments, formatPlan } from "./format"
export { checkoutTexts, type CheckoutTexts } from "./messages"
export { formatMoney } from "./money"
export { chooseLang, storefrontLang, langOf, langFromAcceptLanguage, DEFAULT_LANG, LANGS, type Lang } from "./lang"
export { minorDigits, toMinorUnits, fromMinorUnits, splitInstallments } from "./plan"
export { BNPL_PROVIDER_ID, isBnpl, type BnplSdk, type StoreCart, type StoreOrder } from "./sdk"
export type {
  Offer,
  OfferResponse,
  CartEligibility,
  CartEligibilityResponse,
  CartLoan,
  LoanState,
  NextStep,
  Reason,
  ReasonCode,
  BalanceEligibility,
  BalanceEligibilityResponse,
  BalanceNextStep,
} from "./wire"
