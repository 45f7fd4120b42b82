import http from "node:http"
import https from "node:https"

export interface PostReply {
  status: number
  body: string
}

const KEPT_REPLY_CHARS = 500

/**
 * One POST with a hard deadline. Node's http rather than fetch: no pooled keep-alive
 * sockets outlive the sandbox, and `signal` lets close() abort deliveries in flight.
 */
export function postJson(url: string, body: string, headers: Record<string, string>, timeoutMs: number, signal: AbortSignal): Promise<PostReply> {
  const target = new URL(url)
  const transport = target.protocol === "https:" ? https : target.protocol === "http:" ? http : null
  if (!transport) return Promise.reject(new Error(`unsupported protocol ${target.protocol}`))

  return new Promise((resolve, reject) => {
    const fail = (error: Error): void => {
      clearTimeout(deadline)
      request.destroy()
      reject(error)
    }
    const request = transport.request(
      target,
      {
        method: "POST",
        agent: false,
        signal,
        headers: { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (response) => {
        let text = ""
        response.setEncoding("utf8")
        response.on("data", (chunk: string) => {
          if (text.length < KEPT_REPLY_CHARS) text += chunk
        })
        response.on("end", () => {
          clearTimeout(deadline)
          resolve({ status: response.statusCode ?? 0, body: text.slice(0, KEPT_REPLY_CHARS) })
        })
        response.on("error", fail)
      },
    )
    const deadline = setTimeout(() => fail(new Error(`no reply within ${timeoutMs} ms`)), timeoutMs)
    request.on("error", fail)
    request.end(body)
  })
}
