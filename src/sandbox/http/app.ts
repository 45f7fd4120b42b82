import express, { type Express } from "express"
import { checkoutRoutes } from "../checkout/routes"
import type { SandboxContext } from "../context"
import type { SandboxControls } from "../controls"
import { controlApi, type SandboxUrls } from "./control-api"
import { serviceApi } from "./service-api"

/** One server, three audiences: the merchant (/api), the customer (/checkout), the developer (/_sandbox). */
export function createApp(ctx: SandboxContext, controls: SandboxControls, urls: () => SandboxUrls): Express {
  const app = express()
  app.disable("x-powered-by")
  app.use("/api", serviceApi(ctx))
  app.use("/checkout", checkoutRoutes(ctx))
  app.use("/_sandbox", controlApi(ctx, controls, urls))
  app.get("/", (_req, res) => res.redirect(302, "/_sandbox"))
  return app
}
