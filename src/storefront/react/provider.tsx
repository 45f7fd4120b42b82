import Medusa from "@medusajs/js-sdk"
import { createContext, useContext, useMemo, type ReactNode } from "react"
import { storefrontLang, type Lang } from "../lang"
import { CHECKOUT_TEXTS, type CheckoutTexts } from "../messages"
import type { BnplSdk } from "../sdk"

export interface Bnpl {
  sdk: BnplSdk
  lang: Lang
  texts: CheckoutTexts
}

const BnplContext = createContext<Bnpl | null>(null)

export interface BnplProviderProps {
  /**
   * The storefront's locale, as its server knows it (the starter's `getLocale()`), so the server
   * renders the kit in the shopper's language and the browser repeats it. Any Spanish reads
   * es-MX, anything else (and null) English; pass "es-MX" or "en" to pin the language.
   */
  locale: string | null | undefined
  /** The Medusa backend the browser talks to: the storefront's NEXT_PUBLIC_MEDUSA_BACKEND_URL. */
  backendUrl: string | undefined
  /** The store's publishable key: the storefront's NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY. */
  publishableKey: string | undefined
  children: ReactNode
}

/**
 * The one place a storefront configures the kit: its locale and its store. Every component of
 * the kit reads both from here, in the browser, with an SDK of its own (the storefront's server
 * SDK cannot cross into a client component).
 */
export function BnplProvider({ locale, backendUrl, publishableKey, children }: BnplProviderProps) {
  const value = useMemo<Bnpl>(() => {
    const lang = storefrontLang(locale)
    const sdk = new Medusa({ baseUrl: backendUrl || "http://localhost:9000", publishableKey })
    return { sdk, lang, texts: CHECKOUT_TEXTS[lang] }
  }, [locale, backendUrl, publishableKey])
  return <BnplContext.Provider value={value}>{children}</BnplContext.Provider>
}

/** The kit's store, language and words; for a storefront's own component beside the kit's. */
export function useBnpl(): Bnpl {
  const bnpl = useContext(BnplContext)
  if (!bnpl) {
    throw new Error(
      "medusa-payment-bnpl-storefront/react: wrap the storefront in <BnplProvider locale=… backendUrl=… publishableKey=…> (the root layout), as docs/storefront.md shows.",
    )
  }
  return bnpl
}
