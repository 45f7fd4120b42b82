/** The admin's language as an `Intl` locale: any Spanish is Mexican Spanish, as the storefront kit reads it (docs/storefront.md). */
export function localeOf(language: string): "es-MX" | "en-US" {
  return language.toLowerCase().startsWith("es") ? "es-MX" : "en-US"
}
