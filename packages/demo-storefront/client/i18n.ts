import { DEFAULT_LANG, langOf, type Lang } from "../../../src/storefront/lang"
import { DEMO_TEXTS } from "../texts"

const STORAGE_KEY = "bnpl-demo-lang"

/**
 * The page's language: `?lang=` (remembered for the next pages, such as the return from
 * the financing service), else the one remembered, else the browser's, else Spanish.
 */
function pageLang(): Lang {
  const requested = langOf(new URLSearchParams(location.search).get("lang"))
  if (requested) {
    remember(requested)
    return requested
  }
  const stored = langOf(recall())
  if (stored) return stored
  for (const tag of navigator.languages ?? [navigator.language]) {
    const lang = langOf(tag)
    if (lang) return lang
  }
  return DEFAULT_LANG
}

function remember(lang: Lang): void {
  try {
    localStorage.setItem(STORAGE_KEY, lang)
  } catch {
    // storage may be off; the page still speaks the language asked for
  }
}

function recall(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY)
  } catch {
    return null
  }
}

export const lang: Lang = pageLang()
export const t = DEMO_TEXTS[lang]

/** This page's address in the other language. */
export function otherLangHref(): string {
  const url = new URL(location.href)
  url.searchParams.set("lang", lang === "en" ? "es-MX" : "en")
  return url.pathname + url.search
}
