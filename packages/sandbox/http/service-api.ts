import type { Router } from "express"
import type { SandboxContext } from "../context"
import { authRoute } from "./auth-route"
import { cancelRoute } from "./cancel-route"
import { injectFaults } from "./faults"
import { loanRoute } from "./loan-route"
import { posLoanRoute } from "./pos-loan-route"
import { refundHistoryRoute } from "./refund-history-route"
import { refundRoute } from "./refund-route"
import { serviceRouter } from "./service-router"
import { statusRoute } from "./status-route"

/** The financing service's own endpoints, mounted under /api. */
export function serviceApi(ctx: SandboxContext): Router {
  return serviceRouter(ctx, (router) => {
    router.post("/auth", injectFaults(ctx, "auth"), authRoute(ctx))
    router.post("/loan", injectFaults(ctx, "loan"), loanRoute(ctx))
    router.post("/pos/loan", injectFaults(ctx, "posLoan"), posLoanRoute(ctx))
    router.post("/pos/loan/cancel", injectFaults(ctx, "cancel"), cancelRoute(ctx))
    router.post("/pos/loan/refund", injectFaults(ctx, "refund"), refundRoute(ctx))
    router.get("/pos/loan/refund/:cartId", injectFaults(ctx, "refundHistory"), refundHistoryRoute(ctx))
    router.get("/pos/loan/:cartId", injectFaults(ctx, "status"), statusRoute(ctx))
  })
}
