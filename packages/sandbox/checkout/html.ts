import type { Response } from "express"
import { CHECKOUT_CSS } from "./styles"
import { DEFAULT_CHECKOUT_TEXTS, type CheckoutTexts } from "./texts"

/** Everything shown comes from a merchant's request, so every value is escaped. */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;")
}

export function htmlPage(title: string, content: string, t: CheckoutTexts = DEFAULT_CHECKOUT_TEXTS): string {
  return `<!doctype html>
<html lang="${t.htmlLang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${CHECKOUT_CSS}</style>
</head>
<body>
<main>
${content}
<footer class="muted">${escapeHtml(t.footer)}</footer>
</main>
</body>
</html>`
}

/** A page with a single message: unknown link, expired link, loan that cannot be paid. */
export function messagePage(heading: string, text: string, t: CheckoutTexts = DEFAULT_CHECKOUT_TEXTS, merchantName = t.sandboxName): string {
  return htmlPage(
    heading,
    `<div class="card">
<header><div class="merchant">${escapeHtml(merchantName)}</div><h1>${escapeHtml(heading)}</h1></header>
<section><p>${escapeHtml(text)}</p></section>
</div>`,
    t,
  )
}

/** Pages show a loan's state now: never from a cache. */
export function sendPage(res: Response, status: number, html: string): void {
  res.status(status).set("cache-control", "no-store").type("html").send(html)
}
