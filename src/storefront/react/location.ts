/**
 * The storefront's country prefix of the current page ("/mx" on "/mx/checkout"): the starter's
 * routes all start with the country code. Browser only (an event or an effect).
 */
export function countryPrefix(): string {
  const first = window.location.pathname.split("/")[1]
  return first ? `/${first}` : ""
}

/** A query parameter of the current page. Browser only. */
export function searchParam(name: string): string | null {
  return new URLSearchParams(window.location.search).get(name)
}
