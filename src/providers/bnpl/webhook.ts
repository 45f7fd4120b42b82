import { createHash, timingSafeEqual } from "crypto"
import jwt from "jsonwebtoken"
import { WebhookClaims, WebhookNotification } from "./wire"
import type { BnplOptions } from "./options"

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

type AuthOptions = Pick<BnplOptions, "webhookAuth" | "webhookToken">

/** The header check that needs no body: everything but the JWT's claims. */
export function checkAuthorization(options: AuthOptions, header: string | undefined, now = Date.now()): Verdict & { claims?: WebhookClaims } {
  const { webhookAuth: mode, webhookToken: token = "" } = options
  if (mode === "none") return yes
  if (!header) return no("no Authorization header")
  const [scheme, value = ""] = header.trim().split(/\s+/, 2)
  if (mode === "basic") {
    const expected = Buffer.from(token).toString("base64")
    return scheme?.toLowerCase() === "basic" && safeEqual(value, expected) ? yes : no("wrong Basic credentials")
  }
  if (scheme?.toLowerCase() !== "bearer") return no("not a Bearer token")
  if (mode === "bearer") return safeEqual(value, token) ? yes : no("wrong Bearer token")
  try {
    const decoded = jwt.verify(value, token, { algorithms: ["HS512"], clockTimestamp: Math.floor(now / 1000) })
    const claims = WebhookClaims.safeParse(decoded)
    return claims.success ? { ok: true, claims: claims.data } : no("JWT claims missing loanId, cartId, status or exp")
  } catch (error) {
    return no(`JWT rejected (${(error as Error).name})`)
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
 * The client's address. Behind `trustProxyHops` proxies, each of which appends
 * to X-Forwarded-For, the client is that many entries from the right: entries
 * further left were written by the client and prove nothing.
 */
export function clientIp(remoteAddress: string | undefined, forwardedFor: string | string[] | undefined, trustProxyHops: number): string {
  const socket = normalizeIp(remoteAddress ?? "")
  if (!trustProxyHops) return socket
  const chain = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
  return normalizeIp(chain[chain.length - trustProxyHops] ?? chain[0] ?? socket)
}

export function checkIp(ip: string, allowList: string[]): Verdict {
  if (!allowList.length) return yes
  return allowList.map(normalizeIp).includes(ip) ? yes : no(`address ${ip} is not in BNPL_WEBHOOK_ALLOWED_IPS`)
}

const normalizeIp = (ip: string) => (ip.startsWith("::ffff:") ? ip.slice(7) : ip === "::1" ? "127.0.0.1" : ip)

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
