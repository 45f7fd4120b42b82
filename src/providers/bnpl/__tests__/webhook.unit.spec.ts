import jwt from "jsonwebtoken"
import { checkAuthorization, checkClaims, checkIp, clientIp, parseNotification } from "../webhook"

const KEY = "key-0123456789"
const claims = { loanId: 5001, cartId: "cart_1", status: "Activo", exp: Math.floor(Date.now() / 1000) + 60 }
const sign = (c: object, key = KEY, algorithm: jwt.Algorithm = "HS512") => `Bearer ${jwt.sign(c, key, { algorithm, noTimestamp: true })}`

describe("webhook authentication", () => {
  it("none accepts anything", () => {
    expect(checkAuthorization({ webhookAuth: "none", webhookToken: undefined }, undefined).ok).toBe(true)
  })

  it("basic compares the whole credential", () => {
    const options = { webhookAuth: "basic" as const, webhookToken: "shop:pass" }
    expect(checkAuthorization(options, `Basic ${Buffer.from("shop:pass").toString("base64")}`).ok).toBe(true)
    expect(checkAuthorization(options, `Basic ${Buffer.from("shop:nope").toString("base64")}`).ok).toBe(false)
    expect(checkAuthorization(options, "Bearer shop:pass").ok).toBe(false)
    expect(checkAuthorization(options, undefined).ok).toBe(false)
  })

  it("bearer compares the token", () => {
    const options = { webhookAuth: "bearer" as const, webhookToken: KEY }
    expect(checkAuthorization(options, `Bearer ${KEY}`).ok).toBe(true)
    expect(checkAuthorization(options, `bearer   ${KEY}`).ok).toBe(true)
    expect(checkAuthorization(options, `Bearer ${KEY}x`).ok).toBe(false)
  })

  it("jwt verifies HS512 with the key and checks exp", () => {
    const options = { webhookAuth: "jwt" as const, webhookToken: KEY }
    const good = checkAuthorization(options, sign(claims))
    expect(good.ok && good.claims).toEqual(claims)
    expect(checkAuthorization(options, sign(claims, "other-key")).ok).toBe(false)
    expect(checkAuthorization(options, sign(claims, KEY, "HS256")).ok).toBe(false)
    expect(checkAuthorization(options, sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 1 })).ok).toBe(false)
    expect(checkAuthorization(options, sign({ cartId: "cart_1", exp: claims.exp })).ok).toBe(false)
  })

  it("jwt claims must name the body's loan and cart", () => {
    const body = { status: "Activo" as const, loanId: 5001, cartId: "cart_1", merchantId: 1 }
    expect(checkClaims(claims, body).ok).toBe(true)
    expect(checkClaims({ ...claims, loanId: 5002 }, body).ok).toBe(false)
    expect(checkClaims({ ...claims, cartId: "cart_2" }, body).ok).toBe(false)
  })
})

describe("webhook client address", () => {
  it("uses the socket unless proxies are trusted, then counts hops from the right", () => {
    expect(clientIp("::ffff:10.0.0.1", "1.1.1.1", 0)).toBe("10.0.0.1")
    expect(clientIp("10.0.0.1", "9.9.9.9, 1.1.1.1", 1)).toBe("1.1.1.1")
    expect(clientIp("10.0.0.1", "9.9.9.9, 1.1.1.1, 10.0.0.2", 2)).toBe("1.1.1.1")
    expect(clientIp("::1", undefined, 1)).toBe("127.0.0.1")
  })

  it("an empty allow-list allows everyone; otherwise only listed addresses", () => {
    expect(checkIp("1.1.1.1", []).ok).toBe(true)
    expect(checkIp("1.1.1.1", ["1.1.1.1"]).ok).toBe(true)
    expect(checkIp("1.1.1.2", ["1.1.1.1"]).ok).toBe(false)
  })
})

describe("webhook body", () => {
  const raw = (body: unknown) => Buffer.from(typeof body === "string" ? body : JSON.stringify(body))
  const good = { status: "Activo", loanId: 5001, cartId: "cart_1", merchantId: 1001 }

  it("accepts the spec's notification for this merchant", () => {
    expect(parseNotification(raw(good), 1001)).toEqual({ ok: true, notification: good })
  })

  it.each([
    ["not JSON", "{"],
    ["a string loanId", { ...good, loanId: "5001" }],
    ["a fractional loanId", { ...good, loanId: 1.5 }],
    ["another status", { ...good, status: "ACTIVE" }],
    ["no cartId", { ...good, cartId: undefined }],
    ["an empty cartId", { ...good, cartId: "" }],
    ["a NUL in cartId", { ...good, cartId: "cart_\u0000x" }],
    ["a line break in cartId, which would forge log lines", { ...good, cartId: "cart_1\r\n[bnpl] forged" }],
    ["another merchant", { ...good, merchantId: 1002 }],
    ["an array", [good]],
    ["null", "null"],
  ])("rejects %s", (_name, body) => {
    expect(parseNotification(raw(body), 1001).ok).toBe(false)
  })
})
