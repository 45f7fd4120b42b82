import express, { type Router } from "express"
import type { SandboxContext } from "../context"
import { apiBodyErrors, apiUnexpectedErrors, jsonBody } from "./body"
import { requestPath } from "./notes"
import { recordRequests } from "./recorder"
import { ERROR_MESSAGES, sendServiceError } from "./service-errors"

/**
 * What every host of the service shares in the sandbox: each request recorded, bodies read as
 * JSON, the `errorMessages` extension, and the service's error body for an unknown path, a body
 * that is not JSON, or a bug. `routes` adds the host's own endpoints.
 */
export function serviceRouter(ctx: SandboxContext, routes: (router: Router) => void): Router {
  const router = express.Router()
  router.use((_req, res, next) => {
    res.locals[ERROR_MESSAGES] = ctx.extensions.errorMessages
    next()
  })
  router.use(recordRequests(ctx), jsonBody)
  routes(router)
  router.use((req, res) => sendServiceError(req, res, 404, `no ${req.method} ${requestPath(req)} in this service`))
  router.use(apiBodyErrors(), apiUnexpectedErrors(ctx))
  return router
}
