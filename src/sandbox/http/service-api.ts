import express, { type Router } from "express"
import type { SandboxContext } from "../context"
import { authRoute } from "./auth-route"
import { apiBodyErrors, apiUnexpectedErrors, jsonBody } from "./body"
import { cancelRoute } from "./cancel-route"
import { injectFaults } from "./faults"
import { loanRoute } from "./loan-route"
import { requestPath } from "./notes"
import { recordRequests } from "./recorder"
import { refundHistoryRoute } from "./refund-history-route"
import { refundRoute } from "./refund-route"
import { ERROR_MESSAGES, sendServiceError } from "./service-errors"
import { statusRoute } from "./status-route"

/** The financing service's own endpoints, mounted under /api. */
export function serviceApi(ctx: SandboxContext): Router {
  const router = express.Router()
  router.use((_req, res, next) => {
    res.locals[ERROR_MESSAGES] = ctx.extensions.errorMessages
    next()
  })
  router.use(recordRequests(ctx), jsonBody)
  router.post("/auth", injectFaults(ctx, "auth"), authRoute(ctx))
  router.post("/loan", injectFaults(ctx, "loan"), loanRoute(ctx))
  router.post("/pos/loan/cancel", injectFaults(ctx, "cancel"), cancelRoute(ctx))
  router.post("/pos/loan/refund", injectFaults(ctx, "refund"), refundRoute(ctx))
  router.get("/pos/loan/refund/:cartId", injectFaults(ctx, "refundHistory"), refundHistoryRoute(ctx))
  router.get("/pos/loan/:cartId", injectFaults(ctx, "status"), statusRoute(ctx))
  router.use((req, res) => sendServiceError(req, res, 404, `no ${req.method} ${requestPath(req)} in this service`))
  router.use(apiBodyErrors(), apiUnexpectedErrors(ctx))
  return router
}
