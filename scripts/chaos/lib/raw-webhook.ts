import http from "node:http"
import { assertLoopback } from "../../harness/http"

export interface RawRequest {
  url: string
  headers?: Record<string, string>
  body: Buffer | string
  /** Send only this many bytes of the body, then cut the connection: an aborted upload. */
  abortAfterBytes?: number
  timeoutMs?: number
}

/** The HTTP status, or what happened instead of one. */
export type RawOutcome = number | "no reply" | "aborted"

/** Keep-alive sockets, so that ten thousand requests do not exhaust ephemeral ports. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })

/**
 * A POST with exactly the bytes given: node:http rather than fetch, because fetch refuses
 * non-ASCII header values and cannot cut an upload half-way, and both are part of the
 * garbage a public webhook URL receives.
 */
export function postRaw(request: RawRequest): Promise<RawOutcome> {
  assertLoopback(request.url)
  const body = typeof request.body === "string" ? Buffer.from(request.body) : request.body
  return new Promise((resolve) => {
    const req = http.request(request.url, {
      method: "POST",
      agent,
      headers: { "content-length": String(body.length), ...request.headers },
      timeout: request.timeoutMs ?? 30_000,
    })
    req.on("response", (res) => {
      res.resume()
      res.on("end", () => resolve(res.statusCode ?? "no reply"))
      res.on("error", () => resolve("no reply"))
    })
    req.on("timeout", () => req.destroy(new Error("timeout")))
    req.on("error", () => resolve(request.abortAfterBytes === undefined ? "no reply" : "aborted"))
    if (request.abortAfterBytes === undefined) return void req.end(body)
    req.on("close", () => resolve("aborted"))
    req.write(body.subarray(0, request.abortAfterBytes), () => setTimeout(() => req.destroy(), 20))
  })
}

export function closeRawAgent(): void {
  agent.destroy()
}
