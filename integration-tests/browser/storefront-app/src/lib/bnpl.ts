import Medusa from "@medusajs/js-sdk"
import { checkoutTexts, DEFAULT_LANG } from "medusa-payment-bnpl-storefront"
import { useSyncExternalStore } from "react"

export const browserSdk = new Medusa({
  baseUrl: process.env.NEXT_PUBLIC_MEDUSA_BACKEND_URL || "http://localhost:9000",
  publishableKey: process.env.NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY,
})

// The server cannot know the browser's language: it renders the kit's default, and the browser re-renders in its own after hydration.
const unchanging = () => () => {}
const browserLanguage = () => navigator.language
export const useBnplTexts = () => checkoutTexts(useSyncExternalStore(unchanging, browserLanguage, () => DEFAULT_LANG))
