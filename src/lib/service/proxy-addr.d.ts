/**
 * The part of `proxy-addr` (express's own address resolver) that the webhook uses. It reads
 * only these two fields of a request, so a plain object describes what it needs.
 */
declare module "proxy-addr" {
  import type { IncomingHttpHeaders } from "node:http"

  interface ForwardedRequest {
    headers: IncomingHttpHeaders
    socket: { remoteAddress?: string }
  }
  type Trust = (address: string, hop: number) => boolean

  function proxyAddr(req: ForwardedRequest, trust: Trust | string | string[]): string
  namespace proxyAddr {
    /** The socket's address first, then X-Forwarded-For from right (nearest) to left. */
    function all(req: ForwardedRequest, trust?: Trust | string | string[]): string[]
    /** Addresses, CIDR ranges (`10.0.0.0/8`, `2001:db8::/32`) or `loopback`/`linklocal`/`uniquelocal`; throws on anything else. */
    function compile(list: string | string[]): Trust
  }
  export = proxyAddr
}
