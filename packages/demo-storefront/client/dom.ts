import { lang, t } from "./i18n"

/** A few DOM helpers, so the pages read as markup. */
type Child = Node | string | number | null | undefined | false
type AttrValue = string | number | boolean | null | undefined | ((event: Event) => void)

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, AttrValue> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === "function") element.addEventListener(name.replace(/^on/, ""), value)
    else if (name === "value") (element as HTMLInputElement).value = String(value ?? "")
    else if (value === true) element.setAttribute(name, "")
    else if (value !== false && value !== null && value !== undefined) element.setAttribute(name, String(value))
  }
  element.append(
    ...children
      .filter((child): child is Node | string | number => child !== null && child !== undefined && child !== false)
      .map((child) => (typeof child === "number" ? String(child) : child)),
  )
  return element
}

export function show(app: HTMLElement, ...content: Node[]): void {
  app.replaceChildren(...content)
}

export function money(amount: number | string | null | undefined, currencyCode: string): string {
  return new Intl.NumberFormat(lang, { style: "currency", currency: currencyCode.toUpperCase() }).format(Number(amount ?? 0))
}

export function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message
  return t.genericError
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** A progress line and an error box (`#status`, `#error-message`), shared by the pages. */
export function statusArea() {
  const status = h("p", { id: "status", class: "status", role: "status" })
  const error = h("p", { id: "error-message", class: "error", role: "alert", hidden: true })
  return {
    nodes: [status, error] as Node[],
    step(text: string) {
      status.replaceChildren(h("span", { class: "spinner" }), text)
    },
    done(text = "") {
      status.textContent = text
    },
    error(text: string) {
      status.textContent = ""
      error.textContent = text
      error.hidden = false
    },
    clearError() {
      error.hidden = true
      error.textContent = ""
    },
  }
}
export type StatusArea = ReturnType<typeof statusArea>
