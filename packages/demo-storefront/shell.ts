import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { chooseLang, type Lang } from "../../src/storefront/lang"
import { DEMO_CSS } from "./styles"
import { demoPublishableKey } from "./publishable-key"
import { DEMO_TEXTS } from "./texts"

/** What the client script reads from the page: see `client/config.ts`. */
export interface DemoConfig {
  publishableKey: string | null
}

/**
 * Every page of the demo storefront is this one HTML shell; the client script decides what
 * to show from `location.pathname`. The publishable key is injected so the page talks to the
 * store API exactly as a separately hosted storefront would.
 */
export async function sendShell(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const config: DemoConfig = { publishableKey: (await demoPublishableKey(req.scope)) ?? null }
  const requested = typeof req.query.lang === "string" ? req.query.lang : undefined
  const lang = chooseLang(requested, req.get("accept-language"))
  res.status(200).set({ "cache-control": "no-store", vary: "Accept-Language" }).type("html").send(shellHtml(config, lang))
}

export function shellHtml(config: DemoConfig, lang: Lang = "es-MX"): string {
  const t = DEMO_TEXTS[lang]
  // JSON inside <script> must not be able to close the tag.
  const json = JSON.stringify(config).replace(/</g, "\\u003c")
  return `<!doctype html>
<html lang="${t.htmlLang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${t.title}</title>
<style>${DEMO_CSS}</style>
<script id="demo-config" type="application/json">${json}</script>
<script src="/demo/app.js" defer></script>
</head>
<body>
<header class="topbar"><a class="brand" href="/demo">${t.shopTitle}</a><span class="muted" id="tagline">${t.tagline}</span><a id="lang-switch" class="lang" href="?lang=${lang === "en" ? "es-MX" : "en"}">${t.switchTo}</a></header>
<main id="app"><p class="muted" id="loading">${t.loading}</p></main>
<noscript><p class="card">${t.noScript}</p></noscript>
<footer class="muted" id="footer">${t.footer}</footer>
</body>
</html>`
}
