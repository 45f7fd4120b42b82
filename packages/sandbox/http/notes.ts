import type { Request, Response } from "express"
import type { ReceivedRequest } from "../state"

/**
 * Side notes a handler leaves for the request recorder: why a request was refused (for the
 * log line) and which record stands for it. WeakMaps keep them typed and out of res.locals.
 */
const reasons = new WeakMap<Response, string>()
const records = new WeakMap<Request, ReceivedRequest>()

export function noteReason(res: Response, reason: string): void {
  reasons.set(res, reason)
}

export function reasonOf(res: Response): string | undefined {
  return reasons.get(res)
}

export function attachRecord(req: Request, record: ReceivedRequest): void {
  records.set(req, record)
}

export function recordOf(req: Request): ReceivedRequest | undefined {
  return records.get(req)
}

export function requestPath(req: Request): string {
  return req.originalUrl.split("?")[0]
}

export function header(req: Request, name: string): string | undefined {
  const value = req.headers[name]
  return Array.isArray(value) ? value[0] : value
}
