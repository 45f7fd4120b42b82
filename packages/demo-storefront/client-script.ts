import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { clientBundle } from "./bundle"

/** GET /demo/app.js: the storefront's client script, bundled for the browser on first request. */
export async function sendClientScript(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  res.set("cache-control", "no-cache").type("application/javascript")
  try {
    const bundle = await clientBundle()
    res.set("etag", bundle.etag)
    if (req.headers["if-none-match"] === bundle.etag) {
      res.status(304).end()
      return
    }
    res.status(200).send(bundle.code)
  } catch (error) {
    // Shown in the page, where whoever is looking at the demo will see it.
    const message = `The demo storefront's script could not be built: ${(error as Error).message}`
    res.status(500).send(`document.getElementById("app").textContent = ${JSON.stringify(message)};`)
  }
}
