import { createHash, timingSafeEqual } from "crypto"
import jwt from "jsonwebtoken"
import proxyaddr from "proxy-addr"
import { unreachable } from "./status"
import type { WebhookAuthMode } from "./webhook-auth-mode"
import { WebhookClaims, WebhookNotification } from "./wire"

/**
 * Authenticating and reading the service's webhook: pure functions, no I/O.
 * Each answers a yes or a no and never says why to the caller, because the
 * reason would help whoever forges requests. The route logs the reason.
 */

export const WEBHOOK_BODY_LIMIT = 4 * 1024

export type Verdict = { ok: true } | { ok: false; reason: string }
const no = (reason: string): Verdict => ({ ok: false, reason })
const yes: Verdict = { ok: true }

/** Equal-time comparison; hashing first makes the lengths equal so length leaks nothing either. */
export function safeEqual(a: string, b: string): boolean {
  const digest = (s: string) => createHash("sha256").update(s).digest()
  return timingSafeEqual(digest(a), digest(b))
}

type AuthOptions = { webhookAuth: WebhookAuthMode; webhookToken?: string }
type AuthVerdict = Verdict & { claims?: WebhookClaims }

/**
 * The header check that needs no body: everything but the JWT's claims. A `switch` with a
 * `never` default, so a mode added to `WebhookAuthMode` fails the typecheck here instead of
 * falling through to another mode's verification.
 */
export function checkAuthorization(options: AuthOptions, header: string | undefined, now = Date.now()): AuthVerdict {
  const { webhookAuth: mode, webhookToken: token = "" } = options
  if (mode === "none") return yes
  if (!header) return no("no Authorization header")
  const [scheme = "", value = ""] = header.trim().split(/\s+/, 2)
  const isBearer = scheme.toLowerCase() === "bearer"
  switch (mode) {
    case "basic": {
      const expected = Buffer.from(token).toString("base64")
      return scheme.toLowerCase() === "basic" && safeEqual(value, expected) ? yes : no("wrong Basic credentials")
    }
    case "bearer":
      if (!isBearer) return no("not a Bearer token")
      return safeEqual(value, token) ? yes : no("wrong Bearer token")
    case "jwt":
      return isBearer ? verifyJwt(value, token, now) : no("not a Bearer token")
    default:
      return unreachable(mode)
  }
}

function verifyJwt(value: string, key: string, now: number): AuthVerdict {
  try {
    const decoded = jwt.verify(value, key, { algorithms: ["HS512"], clockTimestamp: Math.floor(now / 1000) })
    const claims = WebhookClaims.safeParse(decoded)
    return claims.success ? { ok: true, claims: claims.data } : no("JWT claims missing loanId, cartId, status or exp")
  } catch (error) {
    return no(`JWT rejected (${error instanceof Error ? error.name : "unknown error"})`)
  }
}

/** In jwt mode the signed claims must name the same loan and cart as the body. */
export function checkClaims(claims: WebhookClaims | undefined, notification: WebhookNotification): Verdict {
  if (!claims) return yes
  return claims.loanId === notification.loanId && claims.cartId === notification.cartId
    ? yes
    : no("JWT claims name another loan or cart than the body")
}

/**
 * The client's address, through express's own `proxy-addr`. Behind `trustProxyHops` proxies,
 * each appending to X-Forwarded-For, the client is the entry that many hops from the socket;
 * entries further left were written by the client and prove nothing. With fewer entries than
 * trusted hops the request did not come through the proxies, and there is no address to
 * trust: undefined, which `checkIp` rejects.
 */
export function clientIp(remoteAddress: string | undefined, forwardedFor: string | string[] | undefined, trustProxyHops: number): string | undefined {
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor
  const request = { headers: header === undefined ? {} : { "x-forwarded-for": header }, socket: { remoteAddress } }
  // [socket, nearest proxy's entry, …, the client's own entry]
  const chain = proxyaddr.all(request)
  const ip = chain[trustProxyHops]
  return ip ? normalizeIp(ip) : undefined
}

/**
 * An empty allow-list accepts every address. Entries are addresses or CIDR ranges, IPv4 or
 * IPv6, matched by `proxy-addr` (an IPv4-mapped IPv6 address matches its IPv4 entry).
 */
export function checkIp(ip: string | undefined, allowList: string[]): Verdict {
  if (ip === undefined)
    return no("X-Forwarded-For has fewer entries than BNPL_TRUST_PROXY_HOPS: the request did not come through the trusted proxies")
  if (!allowList.length) return yes
  let allowed: (address: string, hop: number) => boolean
  try {
    allowed = compileAllowList(allowList)
  } catch (error) {
    return no(error instanceof Error ? error.message : String(error))
  }
  return allowed(ip, 0) ? yes : no(`address ${ip} is not in BNPL_WEBHOOK_ALLOWED_IPS`)
}

/** Throws, naming the variable, when an entry is neither an address nor a CIDR range. */
export function compileAllowList(allowList: string[]): (address: string, hop: number) => boolean {
  try {
    return proxyaddr.compile(allowList)
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    throw new Error(`BNPL_WEBHOOK_ALLOWED_IPS (webhookAllowedIps): ${detail}; use addresses or CIDR ranges such as 203.0.113.0/24`)
  }
}

const normalizeIp = (ip: string) => (ip.startsWith("::ffff:") && ip.includes(".") ? ip.slice(7) : ip === "::1" ? "127.0.0.1" : ip)

export type ParsedBody = { ok: true; notification: WebhookNotification } | { ok: false; reason: string }

export function parseNotification(raw: Buffer, merchantId: number): ParsedBody {
  let json: unknown
  try {
    json = JSON.parse(raw.toString("utf8"))
  } catch {
    return { ok: false, reason: "body is not JSON" }
  }
  const parsed = WebhookNotification.safeParse(json)
  if (!parsed.success) {
    return { ok: false, reason: `body does not match the notification format (${parsed.error.issues.map((i) => i.path.join(".")).join(", ")})` }
  }
  if (parsed.data.merchantId !== merchantId) return { ok: false, reason: `merchantId ${parsed.data.merchantId} is not this store's` }
  return { ok: true, notification: parsed.data }
}
