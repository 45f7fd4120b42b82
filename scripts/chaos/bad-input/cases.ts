import type { Random } from "../../../packages/sandbox/rng"
import type { Secrets } from "../../harness/stack"
import { genuineAuthorization, notification, signed } from "../lib/webhook-signer"

/** A loan and the cart it belongs to, as the service knows them. */
export interface LoanRef {
  cartId: string
  loanId: number
}

export interface BadCase {
  category: string
  headers: Record<string, string>
  body: Buffer
  abortAfterBytes?: number
}

export interface CaseSources {
  secrets: Secrets
  random: Random
  /** Unpaid loans of carts with a pending session: what forged webhooks aim at. */
  unpaid: LoanRef[]
  /** Paid loans whose cart already has its order: replays must not make a second. */
  paid: LoanRef[]
}

type Generator = (sources: CaseSources) => Omit<BadCase, "category">

const JSON_TYPE = { "content-type": "application/json" }
const json = (value: unknown): Buffer => Buffer.from(JSON.stringify(value))
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]
const inMinutes = (minutes: number): number => Math.floor(Date.now() / 1000) + minutes * 60

/** A body that passes authentication in jwt mode: its claims repeat the body's ids. */
function authenticated(s: CaseSources, body: Record<string, unknown>, claims = body): Record<string, string> {
  return { ...JSON_TYPE, authorization: signed({ ...claims, exp: inMinutes(5) }, s.secrets.webhookToken) }
}

function genuine(s: CaseSources, ref: LoanRef): { headers: Record<string, string>; body: Buffer } {
  const body = notification(s.secrets, ref.cartId, ref.loanId)
  return { headers: { ...JSON_TYPE, authorization: genuineAuthorization(s.secrets, body) }, body: json(body) }
}

const randomBytes = (random: Random, length: number): Buffer => Buffer.from(Array.from({ length }, () => Math.floor(random() * 256)))

/** NUL, bidi override, combining marks, a lone surrogate, SQL and path look-alikes, a line break. */
const UNICODE_CART_IDS = [
  "cart_🙂",
  "cart_\u0000",
  "carrito_ñandú",
  "cart_\u202egnp.exe",
  "cart_e\u0301\u0301\u0301",
  "cart_\ud800",
  "📦".repeat(100),
  "cart_%00",
  "cart_' OR '1'='1",
  "cart_../../admin",
  "cart_\r\n[bnpl] forged log line",
]

/** Each category of garbage a public webhook URL receives; one request each per round. */
export const GENERATORS: Record<string, Generator> = {
  "random bytes": (s) => {
    const ref = pick(s.random, s.unpaid)
    const headers = s.random() < 0.5 ? genuine(s, ref).headers : pick(s.random, [{}, JSON_TYPE, { "content-type": "application/octet-stream" }])
    return { headers, body: randomBytes(s.random, Math.floor(s.random() * 3000)) }
  },
  "wrong types": (s) => {
    const { cartId, loanId } = pick(s.random, s.unpaid)
    const base = notification(s.secrets, cartId, loanId)
    const variants: unknown[] = [
      { ...base, loanId: String(loanId) },
      { ...base, loanId: loanId + 0.5 },
      { ...base, loanId: -loanId },
      { ...base, loanId: 1e308 },
      { ...base, loanId: { $gt: 0 } },
      { ...base, cartId: 12345 },
      { ...base, cartId: null },
      { ...base, cartId: [cartId] },
      { ...base, cartId: { id: cartId } },
      { ...base, cartId: "" },
      { ...base, cartId: "x".repeat(201) },
      { ...base, merchantId: String(base.merchantId) },
      { ...base, status: "Cancelado" },
      { ...base, status: true },
      { loanId, cartId },
      [base],
      "Activo",
      42,
      null,
      { ...base, ...JSON.parse('{"__proto__": {"isAdmin": true}}') },
    ]
    const body = pick(s.random, variants)
    return { headers: authenticated(s, { loanId, cartId, status: "Activo" }), body: json(body) }
  },
  "huge body": (s) => {
    const ref = pick(s.random, s.unpaid)
    const size = s.random() < 0.02 ? 8 * 1024 * 1024 : s.random() < 0.1 ? 1024 * 1024 : 64 * 1024
    const padded = { ...notification(s.secrets, ref.cartId, ref.loanId), padding: "x".repeat(size) }
    return { headers: genuine(s, ref).headers, body: json(padded) }
  },
  "wrong token": (s) => {
    const ref = pick(s.random, s.unpaid)
    const { body } = genuine(s, ref)
    const claims = { loanId: ref.loanId, cartId: ref.cartId, status: "Activo", exp: inMinutes(5) }
    const key = s.secrets.webhookToken
    const authorization = pick(s.random, [
      "",
      "Bearer",
      "Bearer ",
      "Bearer a.b.c",
      `Bearer ${key}`,
      `Basic ${Buffer.from(key).toString("base64")}`,
      signed(claims, "not-the-key-0123456789"),
      signed(claims, key, "HS256"),
      signed(claims, s.secrets.apiToken),
      signed({ ...claims, loanId: ref.loanId + 1 }, key),
      signed({ ...claims, cartId: `${ref.cartId}x` }, key),
      `Bearer ${signed(claims, key).slice(7, -3)}abc`,
      `Bearer ${"A".repeat(6000)}`,
      `Token ${signed(claims, key).slice(7)}`,
    ])
    return { headers: { ...JSON_TYPE, ...(authorization ? { authorization } : {}) }, body }
  },
  "expired JWT": (s) => {
    const ref = pick(s.random, s.unpaid.concat(s.paid))
    const { body } = genuine(s, ref)
    const exp = inMinutes(0) - 1 - Math.floor(s.random() * 86_400)
    const claims = { loanId: ref.loanId, cartId: ref.cartId, status: "Activo", exp }
    return { headers: { ...JSON_TYPE, authorization: signed(claims, s.secrets.webhookToken) }, body }
  },
  unicode: (s) => {
    const { loanId } = pick(s.random, s.unpaid)
    const cartId = pick(s.random, UNICODE_CART_IDS)
    const body = notification(s.secrets, cartId, loanId)
    // Header values travel as bytes: the UTF-8 of "ñandú🙂", sent raw (node:http takes latin1 strings).
    const rawUtf8 = Buffer.from("Bearer ñandú🙂").toString("latin1")
    const headers = s.random() < 0.8 ? authenticated(s, body) : { ...JSON_TYPE, authorization: rawUtf8 }
    return { headers, body: json(body) }
  },
  "another cart's cartId": (s) => {
    const [a, b] = [pick(s.random, s.unpaid), pick(s.random, s.unpaid.concat(s.paid))]
    const body = notification(s.secrets, b.cartId === a.cartId ? `${b.cartId}_other` : b.cartId, a.loanId)
    return { headers: authenticated(s, body), body: json(body) }
  },
  "another cart's loanId": (s) => {
    const [a, b] = [pick(s.random, s.unpaid), pick(s.random, s.paid.length ? s.paid : s.unpaid)]
    const loanId = s.random() < 0.2 ? 900_000 + Math.floor(s.random() * 1000) : b.loanId
    const body = notification(s.secrets, a.cartId, loanId === a.loanId ? loanId + 1 : loanId)
    return { headers: authenticated(s, body), body: json(body) }
  },
  "unpaid loan": (s) => genuine(s, pick(s.random, s.unpaid)),
  "replayed paid webhook": (s) => genuine(s, pick(s.random, s.paid.length ? s.paid : s.unpaid)),
  "malformed JSON": (s) => {
    const text = JSON.stringify(notification(s.secrets, "cart_x", 1))
    const body = pick(s.random, [text.slice(0, -1), `${text},`, `\ufeff${text}`, text.replace(/"/g, "'"), `${text}${text}`, "{", "[]]", ""])
    return { headers: authenticated(s, { loanId: 1, cartId: "cart_x", status: "Activo" }), body: Buffer.from(body) }
  },
  "aborted upload": (s) => {
    const ref = pick(s.random, s.unpaid)
    const { headers } = genuine(s, ref)
    return { headers: { ...headers, "content-length": "100000" }, body: randomBytes(s.random, 1500), abortAfterBytes: 1000 }
  },
}

export function badCase(sources: CaseSources, index: number): BadCase {
  const categories = Object.keys(GENERATORS)
  const category = categories[index % categories.length]
  return { category, ...GENERATORS[category](sources) }
}
