import type { Request, RequestHandler } from "express"
import type { SandboxContext } from "../context"
import { appendToHistory, type ReceivedRequest } from "../state"
import { attachRecord, reasonOf, recordOf, requestPath } from "./notes"

const SECRET_HEADERS = new Set(["api_token", "authorization"])
const REDACTED = "[redacted]"

/**
 * Records every request to the service endpoints (for tests and `sandbox requests`) and
 * logs one line per answer, with the reason of a refusal. Secrets never reach either:
 * api_token and Authorization values, and the apiToken of auth bodies, are redacted.
 */
export function recordRequests(ctx: SandboxContext): RequestHandler {
  return (req, res, next) => {
    const record: ReceivedRequest = {
      at: new Date().toISOString(),
      method: req.method,
      path: requestPath(req),
      status: null,
      body: null,
      headers: redactHeaders(req),
      fault: null,
    }
    appendToHistory(ctx.state.requests, record)
    attachRecord(req, record)
    res.on("finish", () => {
      record.status = res.statusCode
      record.body = recordedBody(req)
      const reason = reasonOf(res)
      ctx.log(`[sandbox] ${record.method} ${record.path} ${record.status}${reason ? `: ${reason}` : ""}`)
    })
    next()
  }
}

function redactHeaders(req: Request): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    const text = Array.isArray(value) ? value.join(", ") : value
    headers[name] = SECRET_HEADERS.has(name) ? redactValue(text) : text
  }
  return headers
}

/** Keeps the scheme ("Bearer [redacted]") so a wrong scheme can still be spotted. */
function redactValue(value: string): string {
  const scheme = /^(\w+) /.exec(value)
  return scheme ? `${scheme[1]} ${REDACTED}` : REDACTED
}

/**
 * Names the fault injected into a request. The body is taken now, as a faulted request may
 * never finish: the recorder's own copy is made only when the answer goes out.
 */
export function recordFault(req: Request, fault: ReceivedRequest["fault"]): void {
  const record = recordOf(req)
  if (!record) return
  record.fault = fault
  record.body = recordedBody(req)
}

function recordedBody(req: Request): unknown {
  const body: unknown = req.body
  const sent = req.headers["content-length"] !== undefined || req.headers["transfer-encoding"] !== undefined
  if (!sent || body === undefined) return null
  if (isPlainObject(body) && "apiToken" in body) return { ...body, apiToken: REDACTED }
  return body
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}
