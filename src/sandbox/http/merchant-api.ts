import type { Router } from "express"
import type { SandboxContext } from "../context"
import { createBranchRoute } from "./create-branch-route"
import { sendCheckoutRoute } from "./send-checkout-route"
import { serviceRouter } from "./service-router"

/**
 * The service's merchant host, mounted under /merchant: resending a checkout link and
 * registering branches. The documentation names no credentials for it; the sandbox asks for
 * the online API's (a fresh Bearer token from /api/auth, and `merchant_id`).
 */
export function merchantApi(ctx: SandboxContext): Router {
  return serviceRouter(ctx, (router) => {
    router.post("/send-checkout/:cartId", sendCheckoutRoute(ctx))
    router.post("/create-branch", createBranchRoute(ctx))
  })
}
