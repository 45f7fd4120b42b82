/**
 * The languages of the sandbox's pages: Mexican Spanish, the service's customers' language, by
 * default, English on request. The sandbox keeps its own rule rather than the plugin's: it is
 * another program, as the service is.
 */
export type Lang = "es-MX" | "en"

/** `?lang=` wins, then the browser's languages by their q-values, then Spanish. */
export function chooseLang(requested: string | null | undefined, acceptLanguage?: string | null): Lang {
  return langOf(requested) ?? langFromAcceptLanguage(acceptLanguage) ?? "es-MX"
}

/** "en-US" → en, "es", "es-AR" → es-MX; undefined for anything else. */
function langOf(tag: string | null | undefined): Lang | undefined {
  const primary = (tag ?? "").trim().toLowerCase().split(/[-_]/)[0]
  if (primary === "en") return "en"
  if (primary === "es") return "es-MX"
  return undefined
}

function langFromAcceptLanguage(header: string | null | undefined): Lang | undefined {
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
