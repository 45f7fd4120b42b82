import { performance } from "node:perf_hooks"

export interface JsonReply {
  status: number
  /** Parsed JSON, or the raw text when the body is not JSON. */
  body: unknown
  ms: number
}

export interface JsonRequest {
  headers?: Record<string, string>
  body?: unknown
  timeoutMs?: number
}

/**
 * One HTTP call to a loopback server, timed from the first byte sent to the last byte read.
 * Never throws for an HTTP status; a network failure or time-out answers status 0, so
 * that load loops count failures instead of dying on the first one.
 */
export async function requestJson(method: "GET" | "POST" | "PUT", url: string, request: JsonRequest = {}): Promise<JsonReply> {
  assertLoopback(url)
  const started = performance.now()
  try {
    const response = await fetch(url, {
      method,
      headers: { ...(request.body === undefined ? {} : { "content-type": "application/json" }), ...request.headers },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(request.timeoutMs ?? 60_000),
    })
    const text = await response.text()
    return { status: response.status, body: parseJson(text), ms: performance.now() - started }
  } catch (error) {
    return { status: 0, body: error instanceof Error ? error.message : String(error), ms: performance.now() - started }
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** Every load this project generates stays on this machine. */
export function assertLoopback(url: string): void {
  const host = new URL(url).hostname
  if (!["localhost", "127.0.0.1", "[::1]"].includes(host)) throw new Error(`refusing to send traffic to ${host}: loopback only`)
}
