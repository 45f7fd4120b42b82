import axios, { AxiosInstance } from "axios"
import { randomUUID } from "crypto"
import { z, type ZodType } from "zod"
import {
  AuthResponse,
  CancelRequest,
  CancelResponse,
  LoanCreated,
  LoanRecord,
  LoanRecords,
  LoanRequest,
  RefundRecord,
  RefundRecords,
  RefundRequest,
  PosLoanCreated,
  PosLoanRequest,
  RefundResponse,
  SendCheckoutRequest,
  ServiceErrorBody,
} from "./wire"
import { SpareToken } from "./spare-token"
import { toDecimal } from "./money"
import { ServiceRequestTrace } from "../telemetry/service-request"

/**
 * One method per endpoint of the financing service. Everything that crosses to
 * the service goes through here, so this is the one place that knows about
 * tokens, headers, time-outs and retries.
 *
 * Secrets travel only in requests: the API token in the body of `POST /auth`
 * and in the `api_token` header of the pos endpoints, Bearer tokens in
 * headers. No error built here ever includes a body, a header, a request
 * config or an axios error object.
 */

export type ServiceErrorKind = "timeout" | "network" | "http" | "malformed"

export class BnplServiceError extends Error {
  constructor(
    readonly kind: ServiceErrorKind,
    readonly operation: string,
    message: string,
    readonly httpStatus?: number,
    /** A 429's `Retry-After`, in ms: the service did nothing and asks to be asked again then. */
    readonly retryAfterMs?: number,
  ) {
    super(`${operation}: ${message}`)
    this.name = "BnplServiceError"
  }

  /** A 4xx answer is the service refusing the request; repeating it will not help. */
  get isRefusal(): boolean {
    return this.kind === "http" && !!this.httpStatus && this.httpStatus < 500
  }
}

export interface ClientConfig {
  authUrl: string
  baseUrl: string
  /** The merchant host (`POST /merchant/send-checkout/{cartId}`); without it a link cannot be sent again. */
  merchantUrl?: string
  apiToken: string
  merchantId: number
  timeoutMs: number
  /** Extra attempts for requests that are safe to repeat. */
  retries: number
}

/** When the service answered, by its `Date` header (whole seconds) and by this server's clock. */
export interface ServiceClock {
  serviceMs: number
  localMs: number
}

interface Call<T> {
  operation: string
  method: "GET" | "POST"
  url: string
  /** The path with its ids as placeholders, for traces and metrics. */
  template: string
  /** The loan's `cartId` at the service, when the request names one. */
  cartId?: string
  headers?: Record<string, string>
  body?: unknown
  schema: ZodType<T>
  /** Only requests whose repetition cannot do harm are retried. */
  idempotent: boolean
  /** Statuses that mean "nothing there" rather than failure. */
  emptyOn?: { status: number; value: T }
}

const BACKOFF_MS = 200
/** The longest `Retry-After` waited for; a longer one fails the request at once, as an outage would. */
const MAX_RETRY_AFTER_MS = 5_000

/** The longest one request can take: each attempt to its time-out, with the longest wait between attempts. */
export const worstRequestMs = ({ timeoutMs, retries }: Pick<ClientConfig, "timeoutMs" | "retries">): number =>
  (retries + 1) * timeoutMs + Math.max(BACKOFF_MS * (2 ** retries - 1), retries * MAX_RETRY_AFTER_MS)

export class BnplClient {
  private readonly http: AxiosInstance
  private readonly tokens = new SpareToken(() => this.authenticate())
  private lastAnswer?: ServiceClock

  /** The service's clock as its latest answer gave it (HTTP `Date`): the diagnosis compares it with this server's. */
  get serviceClock(): ServiceClock | undefined {
    return this.lastAnswer
  }

  constructor(private readonly config: ClientConfig) {
    this.http = axios.create({
      timeout: config.timeoutMs,
      // Status codes and JSON are judged here, not by axios: a malformed
      // answer must become a clear error, not a parse exception.
      validateStatus: () => true,
      transformResponse: (raw) => raw,
      responseType: "text",
      maxRedirects: 0,
    })
  }

  /** POST {authUrl}/auth. A new token is needed for every call (docs/service-api.md, "Authentication"): see createLoan. */
  async authenticate(): Promise<string> {
    const { Authorization } = await this.call({
      operation: "authenticate",
      method: "POST",
      url: `${this.config.authUrl}/auth`,
      template: "/auth",
      body: { apiToken: this.config.apiToken, merchantId: this.config.merchantId },
      schema: AuthResponse,
      idempotent: true,
    })
    return Authorization
  }

  /**
   * POST {authUrl}/loan, with a token fetched ahead (spare-token.ts). Never retried, as a
   * repeated request could create a second loan, except once when the service refuses a spare
   * token (401): a refused request created nothing.
   */
  async createLoan(request: LoanRequest): Promise<LoanCreated> {
    const token = await this.tokens.take()
    const create = (authorization: string) =>
      this.call({
        operation: "create loan",
        method: "POST",
        url: `${this.config.authUrl}/loan`,
        template: "/loan",
        cartId: request.cartId,
        headers: { Authorization: authorization, merchant_id: String(this.config.merchantId) },
        body: request,
        schema: LoanCreated,
        idempotent: false,
      })
    try {
      return await create(token.authorization)
    } catch (error) {
      const refused = error instanceof BnplServiceError && error.kind === "http" && error.httpStatus === 401
      if (!token.spare || !refused) throw error
      return create(await this.authenticate())
    }
  }

  /**
   * POST /api/pos/loan: a loan for a customer's phone, its link sent by the service or answered
   * as a QR. Never retried: a repeat could make a second payable loan (the service refuses a
   * cartId twice, but a lost reply is only settled by the status query).
   */
  async createPosLoan(request: PosLoanRequest): Promise<PosLoanCreated> {
    return this.call({
      operation: "create in-store loan",
      method: "POST",
      url: `${this.config.baseUrl}/api/pos/loan`,
      template: "/api/pos/loan",
      cartId: request.cartId,
      headers: this.posHeaders(),
      body: PosLoanRequest.parse(request),
      schema: PosLoanCreated,
      idempotent: false,
    })
  }

  /**
   * POST {merchantUrl}/merchant/send-checkout/{cartId}: the link of the cart's unpaid loan again,
   * to a phone. The merchant host is the in-store API's: the pos headers, no Bearer token
   * (docs/service-api.md, "The in-store API"). Not retried: a repeat is a second message.
   */
  async sendCheckout(cartId: string, request: SendCheckoutRequest): Promise<void> {
    if (!this.config.merchantUrl) {
      throw new BnplServiceError("http", "send checkout", "the merchant host is not configured (BNPL_MERCHANT_URL)")
    }
    await this.call({
      operation: "send checkout",
      method: "POST",
      url: `${this.config.merchantUrl}/merchant/send-checkout/${encodeURIComponent(cartId)}`,
      template: "/merchant/send-checkout/{cartId}",
      cartId,
      headers: this.posHeaders(),
      body: SendCheckoutRequest.parse(request),
      schema: AnyAnswer,
      idempotent: false,
    })
  }

  /** GET /api/pos/loan/{cartId}: every loan of the cart, oldest first. */
  async getLoans(cartId: string): Promise<LoanRecord[]> {
    const loans = await this.call({
      operation: "status query",
      method: "GET",
      url: `${this.config.baseUrl}/api/pos/loan/${encodeURIComponent(cartId)}`,
      template: "/api/pos/loan/{cartId}",
      cartId,
      headers: this.posHeaders(),
      schema: LoanRecords,
      idempotent: true,
      emptyOn: { status: 404, value: [] },
    })
    return loans.map(withTwoDecimals)
  }

  async getLoan(cartId: string, loanId: number): Promise<LoanRecord | undefined> {
    return (await this.getLoans(cartId)).find((loan) => loan.loanId === loanId)
  }

  /** Cancelling twice is harmless (the service answers CANCELLED again), so it is retried. */
  async cancelLoan(request: CancelRequest) {
    return this.call({
      operation: "cancel loan",
      method: "POST",
      url: `${this.config.baseUrl}/api/pos/loan/cancel`,
      template: "/api/pos/loan/cancel",
      cartId: request.cartId,
      headers: this.posHeaders(),
      body: request,
      schema: CancelResponse,
      idempotent: true,
    })
  }

  /**
   * Cancels the loan only while it is unpaid (REQUEST): a paid loan is never
   * cancelled, it can only be refunded. Answers the loan as the service shows
   * it last, or undefined when the service does not know it; `cancelled` says
   * whether the loan now reads CANCELLED after this call's cancel.
   */
  async cancelIfUnpaid(cartId: string, loanId: number, reason: string): Promise<{ loan?: LoanRecord; cancelled: boolean }> {
    const loans = await this.getLoans(cartId)
    const loan = loans.find((candidate) => candidate.loanId === loanId)
    if (!loan || loan.status !== "REQUEST") return { loan, cancelled: false }
    // The service cancels by cart, and does not say which unpaid loans a cancel touches: while
    // a newer unpaid loan (the one the shopper may be paying now) exists, this one waits.
    if (loans.some((other) => other.status === "REQUEST" && isNewer(other, loan))) return { loan, cancelled: false }
    await this.cancelLoan({ cartId, totalAmount: loan.totalAmount, reason })
    // The reply names no loan and the cancel touches the cart: only the status query says what
    // became of this one (paid in the meantime, or a payment the query had not shown yet).
    const after = (await this.getLoans(cartId)).find((candidate) => candidate.loanId === loanId)
    return { loan: after, cancelled: after?.status === "CANCELLED" }
  }

  /** Never retried: nothing says the service deduplicates refunds, so a repeat could refund twice. */
  async refund(request: RefundRequest, idempotencyKey: string = randomUUID()): Promise<RefundResponse> {
    return this.call({
      operation: "refund",
      method: "POST",
      url: `${this.config.baseUrl}/api/pos/loan/refund`,
      template: "/api/pos/loan/refund",
      cartId: request.cartId,
      headers: { ...this.posHeaders(), "X-Idempotency-Key": idempotencyKey },
      body: request,
      schema: RefundResponse,
      idempotent: false,
    })
  }

  async getRefunds(cartId: string): Promise<RefundRecord[]> {
    return this.call({
      operation: "refund history",
      method: "GET",
      url: `${this.config.baseUrl}/api/pos/loan/refund/${encodeURIComponent(cartId)}`,
      template: "/api/pos/loan/refund/{cartId}",
      cartId,
      headers: this.posHeaders(),
      schema: RefundRecords,
      idempotent: true,
      emptyOn: { status: 404, value: [] },
    })
  }

  private posHeaders(): Record<string, string> {
    return { api_token: this.config.apiToken, merchant_id: String(this.config.merchantId) }
  }

  /**
   * Repeats only what is safe to repeat: a request whose repetition does no harm after a failure
   * that may have applied it, and any request the service turned away unapplied for its rate
   * limit (429), after the `Retry-After` it asked for. Every request is traced here, the one place
   * all of them pass (lib/telemetry/service-request.ts).
   */
  private async call<T>(call: Call<T>): Promise<T> {
    const trace = new ServiceRequestTrace(call)
    try {
      const answer = await this.attempts(call, trace)
      trace.end({ answer })
      return answer
    } catch (error) {
      trace.end({ error })
      throw error
    }
  }

  private async attempts<T>(call: Call<T>, trace: ServiceRequestTrace): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.once(call, trace)
      } catch (error) {
        if (!(error instanceof BnplServiceError) || attempt > this.config.retries) throw error
        const rateLimited = error.retryAfterMs !== undefined && error.retryAfterMs <= MAX_RETRY_AFTER_MS
        if (!rateLimited && (error.isRefusal || !call.idempotent)) throw error
        await sleep(rateLimited ? error.retryAfterMs! : BACKOFF_MS * 2 ** (attempt - 1))
      }
    }
  }

  private async once<T>({ operation, method, url, headers, body, schema, emptyOn }: Call<T>, trace: ServiceRequestTrace): Promise<T> {
    let response
    trace.attempt()
    try {
      response = await this.http.request<string>({
        method,
        url,
        data: body,
        headers: { Accept: "application/json", ...(body ? { "Content-Type": "application/json" } : {}), ...headers },
      })
    } catch (error) {
      const failure = transportError(operation, error, this.config.timeoutMs)
      trace.unanswered(failure.kind)
      throw failure
    }
    trace.answered(response.status)
    const date = Date.parse(String(response.headers?.date ?? ""))
    if (!Number.isNaN(date)) this.lastAnswer = { serviceMs: date, localMs: Date.now() }
    if (emptyOn && response.status === emptyOn.status) return emptyOn.value
    if (response.status !== 200) {
      throw new BnplServiceError(
        "http",
        operation,
        `the service answered HTTP ${response.status}${describeErrorBody(response.data)}`,
        response.status,
        response.status === 429 ? retryAfterMs(response.headers?.["retry-after"]) : undefined,
      )
    }
    const parsed = schema.safeParse(parseJson(response.data))
    if (!parsed.success) {
      const where = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join(".") || "body"}: ${i.message}`)
      throw new BnplServiceError("malformed", operation, `the service sent an answer this plugin cannot read (${where.join("; ")})`)
    }
    return parsed.data
  }
}

function parseJson(text: unknown): unknown {
  if (typeof text !== "string") return text
  try {
    return JSON.parse(text)
  } catch {
    return MALFORMED
  }
}
const MALFORMED = Symbol("malformed JSON")

/** "200, no body": whatever comes is ignored. */
const AnyAnswer = z.unknown()

function describeErrorBody(text: unknown): string {
  const parsed = ServiceErrorBody.safeParse(parseJson(text))
  if (!parsed.success) return ""
  const { error, message } = parsed.data
  return ` (${[error, message].filter(Boolean).join(": ").slice(0, 200)})`
}

function transportError(operation: string, error: unknown, timeoutMs: number): BnplServiceError {
  const code = axios.isAxiosError(error) ? error.code : undefined
  if (code === "ECONNABORTED" || code === "ETIMEDOUT") {
    return new BnplServiceError("timeout", operation, `the service did not answer within ${timeoutMs} ms`)
  }
  return new BnplServiceError("network", operation, `the service could not be reached (${code ?? "network error"})`)
}

/** `Retry-After` in seconds or as an HTTP date; a 429 without one waits a second. */
function retryAfterMs(header: unknown): number {
  const text = String(header ?? "").trim()
  if (!text) return 1_000
  const seconds = Number(text)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const at = Date.parse(text)
  return Number.isNaN(at) ? 1_000 : Math.max(0, at - Date.now())
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const isNewer = (a: LoanRecord, b: LoanRecord): boolean => {
  const at = Date.parse(a.authorizeDate) - Date.parse(b.authorizeDate)
  return at > 0 || (at === 0 && a.loanId > b.loanId)
}

/** The service may write "100.5" or "100" (docs/service-api.md): the plugin stores and shows "100.50". */
const withTwoDecimals = (loan: LoanRecord): LoanRecord => ({
  ...loan,
  totalAmount: toDecimal(loan.totalAmount),
  orderDiscount: toDecimal(loan.orderDiscount),
})
