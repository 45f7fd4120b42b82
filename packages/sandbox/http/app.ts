import express, { type Express } from "express"
import { outboxPage } from "../checkout/outbox-page"
import { checkoutRoutes } from "../checkout/routes"
import type { SandboxContext } from "../context"
import type { SandboxControls } from "../controls"
import { controlApi, type SandboxUrls } from "./control-api"
import { merchantApi } from "./merchant-api"
import { serviceApi } from "./service-api"

/**
 * One server, three audiences: the merchant (/api, and the merchant host's /merchant), the
 * customer (/checkout, and the phones' /outbox), the developer (/_sandbox).
 */
export function createApp(ctx: SandboxContext, controls: SandboxControls, urls: () => SandboxUrls): Express {
  const app = express()
  app.disable("x-powered-by")
  app.use("/api", serviceApi(ctx))
  app.use("/merchant", merchantApi(ctx))
  app.use("/checkout", checkoutRoutes(ctx))
  app.get("/outbox", outboxPage(ctx))
  app.use("/_sandbox", controlApi(ctx, controls, urls))
  app.get("/", (_req, res) => res.redirect(302, "/_sandbox"))
  return app
}
