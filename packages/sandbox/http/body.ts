import express, { type ErrorRequestHandler } from "express"
import type { SandboxContext } from "../context"
import { sendEmptyBadRequest, sendServiceError } from "./service-errors"

/**
 * Every body is read as JSON whatever its Content-Type says, so that a client forgetting the
 * header gets told what is wrong with its fields rather than that the body is empty.
 */
export const jsonBody = express.json({ type: () => true, limit: "1mb", strict: true })

interface BodyParserError {
  type: string
  status: number
  message: string
}

function isBodyParserError(error: unknown): error is BodyParserError {
  return error instanceof Error && "type" in error && typeof error.type === "string" && "status" in error && typeof error.status === "number"
}

/** A body that is not JSON: an empty 400 on /api/auth (docs/service-api.md, "Authentication"), the error body elsewhere. */
export function apiBodyErrors(): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (!isBodyParserError(error)) return next(error)
    const reason = `request body is not valid JSON (${error.message})`
    if (req.path === "/auth") return sendEmptyBadRequest(res, reason)
    sendServiceError(req, res, error.status, reason)
  }
}

/** A bug in the sandbox itself: answered like the service's own 500, logged in full. */
export function apiUnexpectedErrors(ctx: SandboxContext): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const details = error instanceof Error ? error.stack : String(error)
    ctx.log(`[sandbox] internal error on ${req.method} ${req.originalUrl}: ${details}`)
    if (res.headersSent) return
    sendServiceError(req, res, 500, "")
  }
}
