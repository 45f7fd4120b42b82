import http from "node:http"
import type { AddressInfo } from "node:net"
import { onTeardown } from "./teardown"

/** What the proxy did with each request, per upstream and in all. */
export interface ProxyCounts {
  /** Requests answered by each upstream (its URL). */
  byUpstream: Record<string, number>
  /** Requests moved to the next upstream because one refused the connection (it was down). */
  failedOver: number
  /** 502s: no upstream took the request, or one dropped it half-way. */
  badGateway: number
}

/** Connection errors that prove the upstream never saw the request: safe to try the next one. */
const NEVER_REACHED = new Set(["ECONNREFUSED"])

/**
 * A round-robin HTTP proxy in front of several Medusa servers, written with node:http, as a
 * load balancer with passive health checks behaves: a request goes to the next upstream in
 * turn; when that one refuses the connection (it is down), the request goes to the next one.
 * A request an upstream accepted and then lost (a crash mid-request) is answered 502, never
 * replayed: only the client may decide to send it again.
 */
export class RoundRobinProxy {
  private next = 0
  readonly counts: ProxyCounts = { byUpstream: {}, failedOver: 0, badGateway: 0 }
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 128 })

  private constructor(
    private readonly server: http.Server,
    readonly url: string,
    public upstreams: string[],
  ) {}

  static async start(upstreams: string[] = []): Promise<RoundRobinProxy> {
    let proxy: RoundRobinProxy | undefined
    const server = http.createServer((req, res) => void proxy?.handle(req, res))
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const { port } = server.address() as AddressInfo
    proxy = new RoundRobinProxy(server, `http://localhost:${port}`, upstreams)
    onTeardown("proxy", () => proxy.close())
    return proxy
  }

  close(): Promise<void> {
    this.agent.destroy()
    this.server.closeAllConnections()
    return new Promise((resolve) => this.server.close(() => resolve()))
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const body = await readBody(req)
    const start = this.next++
    for (let tried = 0; tried < this.upstreams.length; tried++) {
      const upstream = this.upstreams[(start + tried) % this.upstreams.length]
      const outcome = await this.forward(upstream, req, body, res)
      if (outcome === "answered") {
        this.counts.byUpstream[upstream] = (this.counts.byUpstream[upstream] ?? 0) + 1
        return
      }
      if (outcome === "lost") break
      this.counts.failedOver++
    }
    this.counts.badGateway++
    if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" })
    res.end("bad gateway")
  }

  /** "refused": never reached the upstream; "lost": reached it, no complete answer. */
  private forward(upstream: string, req: http.IncomingMessage, body: Buffer, res: http.ServerResponse): Promise<"answered" | "refused" | "lost"> {
    return new Promise((resolve) => {
      const target = new URL(req.url ?? "/", upstream)
      const headers = { ...req.headers, host: target.host, "content-length": String(body.length), "x-forwarded-for": req.socket.remoteAddress ?? "" }
      const out = http.request(target, { method: req.method, headers, agent: this.agent, timeout: 120_000 })
      out.on("response", (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
        answer.on("end", () => resolve("answered"))
        answer.on("error", () => resolve("lost"))
      })
      out.on("timeout", () => out.destroy(new Error("upstream timed out")))
      out.on("error", (error: NodeJS.ErrnoException) => resolve(!res.headersSent && NEVER_REACHED.has(error.code ?? "") ? "refused" : "lost"))
      out.end(body)
    })
  }
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => resolve(Buffer.concat(chunks)))
    req.on("error", () => resolve(Buffer.concat(chunks)))
  })
}
