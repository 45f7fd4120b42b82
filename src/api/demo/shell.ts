import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { DEMO_CSS } from "./styles"
import { demoPublishableKey } from "./publishable-key"

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
  res.status(200).set("cache-control", "no-store").type("html").send(shellHtml(config))
}

export function shellHtml(config: DemoConfig): string {
  // JSON inside <script> must not be able to close the tag.
  const json = JSON.stringify(config).replace(/</g, "\\u003c")
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>Tienda demo · Pay in installments</title>
<style>${DEMO_CSS}</style>
<script id="demo-config" type="application/json">${json}</script>
<script src="/demo/app.js" defer></script>
</head>
<body>
<header class="topbar"><a class="brand" href="/demo">Tienda demo</a><span class="muted">Medusa storefront · medusa-payment-bnpl</span></header>
<main id="app"><p class="muted" id="loading">Loading the store…</p></main>
<noscript><p class="card">This demo storefront needs JavaScript.</p></noscript>
<footer class="muted">A demo storefront served by the store itself at /demo. Payments go to the financing sandbox: no money moves.</footer>
</body>
</html>`
}
