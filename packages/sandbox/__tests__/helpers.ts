import http from "node:http"
import axios from "axios"
import type { AuthResponse, LoanCreated, LoanRequest, PosLoanCreated, PosLoanRequest } from "../wire"
import { type Sandbox, type SandboxOptions, startSandbox } from "../index"

export const MERCHANT = { merchantId: 1001, apiToken: "sandbox-api-token" }
export const UNAPPROVED = { merchantId: 1002, apiToken: "unapproved-token" }
export const POS_HEADERS = { api_token: MERCHANT.apiToken, merchant_id: String(MERCHANT.merchantId) }

/** Every status is an answer to assert, never an exception; redirects are answers too. */
export const client = axios.create({ validateStatus: () => true, maxRedirects: 0 })

export function startQuietSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  return startSandbox({ log: () => undefined, refundSettleMs: 1000, ...options })
}

export async function bearer(sandbox: Sandbox, merchant = MERCHANT): Promise<string> {
  const response = await client.post<AuthResponse>(`${sandbox.authUrl}/auth`, merchant)
  if (response.status !== 200) throw new Error(`auth failed: ${response.status}`)
  return response.data.Authorization
}

export function loanRequest(overrides: Partial<LoanRequest> = {}): LoanRequest {
  return {
    totalPrice: 1234.5,
    shopId: "shop-1",
    cartId: "cart_01",
    successUrl: "http://store.test/success",
    errorUrl: "http://store.test/error",
    cartUrl: "http://store.test/cart",
    webHookUrl: "http://127.0.0.1:9/unused",
    buyer: {
      email: "ana@example.com",
      firstName: "Ana",
      lastName: "López",
      phone: "5512345678",
      postalCode: "06600",
      addressLine: "Av. Reforma 1",
    },
    products: [
      { id: "variant_chair", count: 2, price: 500, title: "Silla Eames", description: "Walnut" },
      { id: "variant_lamp", count: 1, price: 200, title: "Lámpara" },
    ],
    shipping: { price: 50, title: "Envío" },
    taxes: { price: 0, title: "IVA" },
    discount: { price: 15.5, title: "Cupón" },
    ...overrides,
  }
}

export async function createLoan(sandbox: Sandbox, overrides: Partial<LoanRequest> = {}): Promise<LoanCreated> {
  const response = await client.post<LoanCreated>(`${sandbox.authUrl}/loan`, loanRequest(overrides), {
    headers: { authorization: await bearer(sandbox), merchant_id: String(MERCHANT.merchantId) },
  })
  if (response.status !== 200) throw new Error(`loan failed: ${response.status} ${JSON.stringify(response.data)}`)
  return response.data
}

/** An in-store sale of two chairs (each 50 off) and a lamp, 100 off the order: 2 × 450 + 300 − 100 = 1100. */
export function posLoanRequest(overrides: Partial<PosLoanRequest> = {}): PosLoanRequest {
  return {
    custLogin: "5512345678",
    shopId: "1",
    cartId: "pos_cart_01",
    webhookUrl: "http://127.0.0.1:9/unused",
    totalAmount: 1100,
    orderDiscount: "100",
    discountType: "a",
    commChannel: "w",
    products: [
      {
        id: "item-1",
        externalId: "variant_chair",
        quantity: "2",
        unitPrice: "500",
        discount: "50",
        discountType: "a",
        discountPrice: "450",
        title: "Silla Eames",
        description: "Walnut",
      },
      { id: "item-2", externalId: "variant_lamp", quantity: "1", unitPrice: "300", title: "Lámpara" },
    ],
    taxes: { price: "151.72", title: "IVA" },
    ...overrides,
  }
}

export async function createPosLoan(sandbox: Sandbox, overrides: Partial<PosLoanRequest> = {}): Promise<PosLoanCreated> {
  const response = await client.post<PosLoanCreated>(`${sandbox.baseUrl}/api/pos/loan`, posLoanRequest(overrides), { headers: POS_HEADERS })
  if (response.status !== 200) throw new Error(`in-store loan failed: ${response.status} ${JSON.stringify(response.data)}`)
  return response.data
}

/** The headers of the merchant host and the online API: a fresh token each time. */
export async function bearerHeaders(sandbox: Sandbox, merchant = MERCHANT): Promise<Record<string, string>> {
  return { authorization: await bearer(sandbox, merchant), merchant_id: String(merchant.merchantId) }
}

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders
  body: unknown
  at: number
}

export interface Receiver {
  url: string
  hits: ReceivedWebhook[]
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>
  close(): Promise<void>
}

/** A merchant's webhook endpoint: answers each hit with the next status of `statuses` (the last one repeats). */
export async function startReceiver(statuses: number[] = [200], delayMs = 0): Promise<Receiver> {
  const hits: ReceivedWebhook[] = []
  const server = http.createServer((req, res) => {
    let body = ""
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")))
    req.on("end", () => {
      hits.push({ headers: req.headers, body: JSON.parse(body), at: Date.now() })
      const status = statuses[Math.min(hits.length - 1, statuses.length - 1)]
      setTimeout(() => res.writeHead(status).end(status === 200 ? "ok" : "refused"), delayMs)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  const port = typeof address === "object" && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}/hooks/bnpl`,
    hits,
    waitFor: (count, timeoutMs = 3000) => waitUntil(() => hits.length >= count, timeoutMs).then(() => hits),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

export async function waitUntil(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
