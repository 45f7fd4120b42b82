import jwt from "jsonwebtoken"
import { checkAuthorization, checkClaims, checkIp, clientIp, compileAllowList, parseNotification } from "../webhook"
import { WebhookAuthMode } from "../webhook-auth-mode"

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

  it("jwt wants a Bearer scheme; basic and bearer refuse each other's scheme", () => {
    expect(checkAuthorization({ webhookAuth: "jwt", webhookToken: KEY }, sign(claims).replace("Bearer", "Basic")).ok).toBe(false)
    expect(checkAuthorization({ webhookAuth: "bearer", webhookToken: KEY }, `Basic ${KEY}`).ok).toBe(false)
  })

  it("has a verdict for every mode of the shared definition, and throws on an unknown one", () => {
    for (const mode of WebhookAuthMode.options) {
      expect(checkAuthorization({ webhookAuth: mode, webhookToken: KEY }, `Bearer ${KEY}`)).toHaveProperty("ok")
    }
    expect(() => checkAuthorization({ webhookAuth: "hmac" as never, webhookToken: KEY }, `Bearer ${KEY}`)).toThrow(/unhandled value: hmac/)
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
    expect(clientIp("10.0.0.1", ["9.9.9.9, 1.1.1.1", "10.0.0.2"], 2)).toBe("1.1.1.1")
    expect(clientIp("::1", undefined, 0)).toBe("127.0.0.1")
  })

  it("never judges by the client-written, leftmost entry", () => {
    // One trusted proxy appended 1.1.1.1; the client wrote 203.0.113.7 itself.
    expect(clientIp("10.0.0.1", "203.0.113.7, 1.1.1.1", 1)).toBe("1.1.1.1")
    expect(checkIp(clientIp("10.0.0.1", "203.0.113.7, 1.1.1.1", 1), ["203.0.113.7"]).ok).toBe(false)
  })

  it("has no address when X-Forwarded-For has fewer entries than trusted hops, and rejects it", () => {
    expect(clientIp("10.0.0.1", undefined, 1)).toBeUndefined()
    expect(clientIp("10.0.0.1", "1.1.1.1", 2)).toBeUndefined()
    expect(clientIp("10.0.0.1", "", 1)).toBeUndefined()
    const verdict = checkIp(undefined, [])
    expect(verdict).toEqual({ ok: false, reason: expect.stringMatching(/fewer entries than BNPL_TRUST_PROXY_HOPS/) })
  })

  it("an empty allow-list allows everyone; otherwise only listed addresses", () => {
    expect(checkIp("1.1.1.1", []).ok).toBe(true)
    expect(checkIp("1.1.1.1", ["1.1.1.1"]).ok).toBe(true)
    expect(checkIp("1.1.1.2", ["1.1.1.1"])).toEqual({ ok: false, reason: "address 1.1.1.2 is not in BNPL_WEBHOOK_ALLOWED_IPS" })
  })

  it("accepts CIDR ranges, IPv6 and the named ranges of proxy-addr", () => {
    const list = ["203.0.113.0/24", "2001:db8::/32", "loopback"]
    expect(checkIp("203.0.113.200", list).ok).toBe(true)
    expect(checkIp("203.0.114.1", list).ok).toBe(false)
    expect(checkIp("2001:db8::5", list).ok).toBe(true)
    expect(checkIp("2001:db9::5", list).ok).toBe(false)
    expect(checkIp("127.0.0.1", list).ok).toBe(true)
    expect(checkIp(clientIp("::ffff:203.0.113.9", undefined, 0), ["203.0.113.0/24"]).ok).toBe(true)
  })

  it("rejects, naming the variable, when an entry is not an address or range", () => {
    expect(checkIp("1.1.1.1", ["1.1.1.1", "not-an-ip"])).toEqual({
      ok: false,
      reason: expect.stringMatching(/^BNPL_WEBHOOK_ALLOWED_IPS \(webhookAllowedIps\): .*not-an-ip.*CIDR/),
    })
    expect(() => compileAllowList(["10.0.0.0/33"])).toThrow(/BNPL_WEBHOOK_ALLOWED_IPS/)
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
