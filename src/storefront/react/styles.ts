import type { CSSProperties } from "react"

/*
 * Class names of Medusa's starter storefront, each of them used in the starter's own files: its
 * Tailwind build only scans those, so a class the starter never writes would not exist there.
 */
export const BUTTON =
  "inline-flex gap-2 items-center justify-center rounded-md font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-50 bg-black text-white hover:bg-gray-800 h-12 px-6 text-lg"
export const ERROR = "pt-2 text-rose-500 text-small-regular"
export const SUBTLE = "txt-small text-ui-fg-subtle"
export const PAGE = "content-container py-12 flex flex-col gap-y-4"

/*
 * Inline, so that a disabled option looks disabled in any storefront, Tailwind or not. The option
 * inside takes no pointer (no hover, no pointer cursor of its own), so the pointer lands on the
 * wrapper and the shopper sees the wrapper's cursor. A wrapper without pointer events would pass the
 * pointer to the page behind it, and its cursor would never show.
 */
export const DISABLED: CSSProperties = { opacity: 0.5, cursor: "not-allowed" }
/** Around the option, a wrapper that lays out nothing of its own. */
export const INNER: CSSProperties = { display: "contents" }
export const INNER_DISABLED: CSSProperties = { ...INNER, pointerEvents: "none" }
