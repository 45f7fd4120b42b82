import jwt from "jsonwebtoken"
import { AuthErrorBody, AuthResponse } from "../wire"
import type { Sandbox } from "../index"
import { client, MERCHANT, startQuietSandbox, UNAPPROVED } from "./helpers"

describe("POST /api/auth", () => {
  let sandbox: Sandbox
  const lines: string[] = []
  const secret = "test-jwt-secret"

  beforeAll(async () => {
    sandbox = await startQuietSandbox({ jwtSecret: secret, log: (line) => lines.push(line) })
  })
  afterAll(() => sandbox.close())

  const auth = (body: unknown) => client.post(`${sandbox.authUrl}/auth`, body)

  it("answers a Bearer JWT signed HS512 with merchantId, jti and a five-minute expiry", async () => {
    const response = await auth(MERCHANT)
    expect(response.status).toBe(200)
    const { Authorization } = AuthResponse.parse(response.data)
    const claims = jwt.verify(Authorization.slice("Bearer ".length), secret, { algorithms: ["HS512"] })
    expect(claims).toMatchObject({ merchantId: 1001, jti: expect.any(String) })
    const { exp, iat } = claims as jwt.JwtPayload
    expect((exp ?? 0) - (iat ?? 0)).toBe(300)
  })

  it("answers 404 with the spec's body for an unknown merchant", async () => {
    const response = await auth({ apiToken: "whatever", merchantId: 4242 })
    expect(response.status).toBe(404)
    expect(response.data).toEqual({
      timestamp: expect.any(String),
      status: 404,
      error: "Not Found",
      path: "/api/auth",
    })
    expect(Date.parse(response.data.timestamp)).not.toBeNaN()
  })

  it("answers 404 when the apiToken is not the merchant's", async () => {
    const response = await auth({ apiToken: "wrong", merchantId: MERCHANT.merchantId })
    expect(response.status).toBe(404)
    expect(AuthErrorBody.parse(response.data).error).toBe("Not Found")
  })

  it("answers 400 with a body for a merchant that is not approved", async () => {
    const response = await auth(UNAPPROVED)
    expect(response.status).toBe(400)
    expect(response.data).toEqual({ timestamp: expect.any(String), status: 400, error: "Bad request", path: "/api/auth" })
  })

  it.each([
    ["a missing merchantId", { apiToken: MERCHANT.apiToken }],
    ["a merchantId sent as a string", { apiToken: MERCHANT.apiToken, merchantId: "1001" }],
    ["a non-integer merchantId", { apiToken: MERCHANT.apiToken, merchantId: 1001.5 }],
    ["a missing apiToken", { merchantId: 1001 }],
  ])("answers 400 with an empty body for %s", async (_case, body) => {
    const response = await client.post(`${sandbox.authUrl}/auth`, body, { responseType: "text" })
    expect(response.status).toBe(400)
    expect(response.data).toBe("")
    expect(response.headers["content-length"]).toBe("0")
  })

  it("answers 400 with an empty body when the body is not JSON", async () => {
    const response = await client.post(`${sandbox.authUrl}/auth`, "apiToken=x", {
      headers: { "content-type": "application/json" },
      responseType: "text",
    })
    expect(response.status).toBe(400)
    expect(response.data).toBe("")
  })

  it("logs why a request was refused, and never the apiToken", async () => {
    await auth({ apiToken: "secret-value-123", merchantId: "1001" })
    expect(lines).toContain("[sandbox] POST /api/auth 400: merchantId: expected number, received string")
    expect(lines.join("\n")).not.toContain("secret-value-123")
  })

  it("records requests with the apiToken redacted", async () => {
    await auth({ apiToken: "recorded-secret", merchantId: 1001 })
    const recorded = sandbox.state.requests.at(-1)
    expect(recorded).toMatchObject({ method: "POST", path: "/api/auth", status: 404 })
    expect(recorded?.body).toEqual({ apiToken: "[redacted]", merchantId: 1001 })
    expect(JSON.stringify(sandbox.state.requests)).not.toContain("recorded-secret")
  })
})
