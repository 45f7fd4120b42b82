import type { Request, Response } from "express"
import type { AuthErrorBody, ServiceErrorBody } from "../wire"
import { noteReason, requestPath } from "./notes"

const ERROR_NAMES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  404: "Not Found",
  413: "Payload Too Large",
  429: "Too Many Requests",
  415: "Unsupported Media Type",
  500: "Internal Server Error",
  503: "Service Unavailable",
}

/**
 * The service's error body (docs/service-api.md, "Errors"): its `message` is empty, as in the
 * documented example, unless the `errorMessages` extension is on. The reason always reaches
 * the sandbox's log.
 */
export function sendServiceError(req: Request, res: Response, status: number, reason: string): void {
  noteReason(res, reason || (ERROR_NAMES[status] ?? "error"))
  res.status(status).json(serviceErrorBody(req, status, res.locals[ERROR_MESSAGES] === true ? reason : ""))
}

/** Where the service API's router leaves the `errorMessages` extension for sendServiceError. */
export const ERROR_MESSAGES = "bnplErrorMessages"

export function serviceErrorBody(req: Request, status: number, message: string): ServiceErrorBody {
  return {
    timestamp: new Date().toISOString(),
    status,
    error: ERROR_NAMES[status] ?? "Error",
    message,
    path: requestPath(req),
  }
}

/**
 * The auth errors (docs/service-api.md, "Authentication") carry exactly timestamp, status, error and path: no message. The
 * reason still reaches the developer through the log.
 */
export function sendAuthError(req: Request, res: Response, status: 400 | 404, reason: string): void {
  noteReason(res, reason)
  const timestamp = new Date().toISOString()
  const path = requestPath(req)
  const body: AuthErrorBody = status === 404 ? { timestamp, status, error: "Not Found", path } : { timestamp, status, error: "Bad request", path }
  res.status(status).json(body)
}

/** docs/service-api.md, "Authentication": a missing or mistyped field in an auth request gets a 400 with an empty body. */
export function sendEmptyBadRequest(res: Response, reason: string): void {
  noteReason(res, reason)
  res.status(400).end()
}
