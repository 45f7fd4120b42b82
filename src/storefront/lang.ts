/**
 * The languages a shopper can read: Mexican Spanish by default, English on request. The
 * store routes take `?lang=` first, then the browser's Accept-Language; a language we do not
 * speak falls back to Spanish there. The kit renders a storefront's locale by `storefrontLang`.
 */
export const LANGS = ["es-MX", "en"] as const
export type Lang = (typeof LANGS)[number]
export const DEFAULT_LANG: Lang = "es-MX"

/**
 * The language a storefront renders the kit in: any Spanish (`es`, `es-AR`, `es_MX`) is
 * Mexican Spanish, anything else English, including no locale at all. A storefront's locale is
 * the shopper's choice of its own languages, and a storefront that does not speak Spanish must
 * not show any.
 */
export function storefrontLang(locale: string | null | undefined): Lang {
  return langOf(locale) === "es-MX" ? "es-MX" : "en"
}

/**
 * The kit's language for a locale its caller may leave out: `storefrontLang`'s for one given;
 * with none, the store's default, as the store routes answer a request that names none.
 */
export function kitLang(locale?: string | null): Lang {
  return locale ? storefrontLang(locale) : DEFAULT_LANG
}

/** The query that asks a store route for the kit's language (`kitLang`); none given, the route goes by Accept-Language. */
export function langQuery(locale?: string | null): { lang?: Lang } {
  return locale ? { lang: storefrontLang(locale) } : {}
}

/** "en-US" → en, "es", "es-AR" → es-MX; undefined for anything else. */
export function langOf(tag: string | null | undefined): Lang | undefined {
  const primary = (tag ?? "").trim().toLowerCase().split(/[-_]/)[0]
  if (primary === "en") return "en"
  if (primary === "es") return "es-MX"
  return undefined
}

/** The best language in an Accept-Language header, by its q-values; undefined when none is ours. */
export function langFromAcceptLanguage(header: string | null | undefined): Lang | undefined {
  const ranked = (header ?? "")
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";")
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="))
      return { lang: langOf(tag), q: q ? Number(q.slice(2)) : 1, index }
    })
    .filter((entry) => entry.lang && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  return ranked[0]?.lang
}

/** `?lang=` wins, then the browser's languages, then Spanish. */
export function chooseLang(requested: string | null | undefined, acceptLanguage?: string | null): Lang {
  return langOf(requested) ?? langFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LANG
}
