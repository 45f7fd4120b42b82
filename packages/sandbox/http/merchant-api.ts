import type { Router } from "express"
import type { SandboxContext } from "../context"
import { createBranchRoute } from "./create-branch-route"
import { sendCheckoutRoute } from "./send-checkout-route"
import { serviceRouter } from "./service-router"

/**
 * The service's merchant host, mounted under /merchant: resending a checkout link and
 * registering branches. Like the whole in-store API it takes the `api_token` and `merchant_id`
 * headers and no Bearer token (its getting-started page's example is `POST /merchant/create-branch`).
 */
export function merchantApi(ctx: SandboxContext): Router {
  return serviceRouter(ctx, (router) => {
    router.post("/send-checkout/:cartId", sendCheckoutRoute(ctx))
    router.post("/create-branch", createBranchRoute(ctx))
  })
}
