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
export async function postRaw(request: RawRequest): Promise<RawOutcome> {
  assertLoopback(request.url)
  const body = typeof request.body === "string" ? Buffer.from(request.body) : request.body
  const first = await attempt(request, body)
  if (first !== IDLE_CLOSE) return first
  resent++
  const second = await attempt(request, body)
  return second === IDLE_CLOSE ? "no reply" : second
}

/**
 * A kept-alive connection the server closed for idleness just as a request went out on it: the
 * request never reached the server, and HTTP/1.1 lets the client send it again on a new
 * connection (Node's documentation for `request.reusedSocket` shows this resend). Under load
 * it happens to the first requests after a pause longer than the server's keep-alive time-out.
 */
const IDLE_CLOSE = Symbol("idle close")
let resent = 0

/** How many requests were sent again after a kept-alive connection closed under them. */
export const resentAfterIdleClose = (): number => resent

function attempt(request: RawRequest, body: Buffer): Promise<RawOutcome | typeof IDLE_CLOSE> {
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
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (request.abortAfterBytes !== undefined) return resolve("aborted")
      resolve(req.reusedSocket && error.code === "ECONNRESET" ? IDLE_CLOSE : "no reply")
    })
    if (request.abortAfterBytes === undefined) return void req.end(body)
    req.on("close", () => resolve("aborted"))
    req.write(body.subarray(0, request.abortAfterBytes), () => setTimeout(() => req.destroy(), 20))
  })
}

export function closeRawAgent(): void {
  agent.destroy()
}
