"use client"

/**
 * `medusa-payment-bnpl-storefront/react`: the kit as React components for a storefront such as
 * Medusa's starter, each in the storefront's language (set once, on `BnplProvider`), styled with
 * the starter's Tailwind classes. React is an optional peer: the core entry needs none.
 */
export { BnplProvider, useBnpl, type Bnpl, type BnplProviderProps } from "./provider"
export { BnplPaymentOption, useBnplPaymentInfo, type PaymentOptionProps } from "./payment-option"
export { BnplPaymentButton } from "./pay-button"
export { BnplReturn } from "./return-page"
export { BnplPaymentLink } from "./payment-link"
export { BnplOffer, type BnplOfferProps } from "./offer"
export { isBnpl } from "../sdk"
