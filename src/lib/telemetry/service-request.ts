import { type Attributes, type Span, SpanKind, SpanStatusCode } from "@medusajs/framework/opentelemetry/api"
import { ATTR, holderAttributes } from "./attributes"
import { instruments, tracer } from "./instruments"
import { loanInContext } from "./loan-context"

/** What the client says of a request, before it is sent: never its headers or body. */
export interface RequestShape {
  /** The endpoint in the service's words: "create loan", "status query", … */
  operation: string
  method: string
  url: string
  /** The path with its ids as placeholders: `/api/pos/loan/{cartId}`. */
  template: string
  /** The loan's `cartId` at the service, when the request names one. */
  cartId?: string
}

/**
 * One request to the financing service as OpenTelemetry sees it: a client span over all its
 * attempts (named `{method} {url.template}`, as the HTTP semantic conventions name client spans)
 * and one `http.client.request.duration` point per attempt. client.ts makes one per call.
 */
export class ServiceRequestTrace {
  private readonly span: Span
  private readonly metricAttributes?: Attributes
  private attempts = 0
  private attemptStartedAt = 0

  constructor(private readonly shape: RequestShape) {
    this.span = tracer().startSpan(`${shape.method} ${shape.template}`, { kind: SpanKind.CLIENT })
    const metrics = instruments().on
    if (!metrics && !this.span.isRecording()) return
    const common = { [ATTR.HTTP_METHOD]: shape.method, [ATTR.OPERATION]: shape.operation, ...server(shape.url) }
    if (metrics) this.metricAttributes = common
    if (this.span.isRecording()) this.span.setAttributes({ ...common, ...this.loanAttributes(), [ATTR.URL_TEMPLATE]: shape.template })
  }

  attempt(): void {
    this.attempts++
    this.attemptStartedAt = performance.now()
  }

  /** The attempt got an HTTP answer. */
  answered(status: number): void {
    this.record({ [ATTR.HTTP_STATUS]: status, ...(status >= 400 ? { [ATTR.ERROR_TYPE]: String(status) } : {}) })
    if (this.span.isRecording()) this.span.setAttribute(ATTR.HTTP_STATUS, status)
  }

  /** The attempt got no answer: `timeout` or `network`. */
  unanswered(kind: string): void {
    this.record({ [ATTR.ERROR_TYPE]: kind })
  }

  /** The call's end: its answer (a created loan names its id), or the error it throws. */
  end(outcome: { answer: unknown } | { error: unknown }): void {
    if (this.span.isRecording()) {
      if (this.attempts > 1) this.span.setAttribute(ATTR.HTTP_RESEND_COUNT, this.attempts - 1)
      if ("answer" in outcome) {
        const loanId = (outcome.answer as { loanId?: unknown } | undefined)?.loanId
        if (typeof loanId === "number") this.span.setAttribute(ATTR.LOAN_ID, loanId)
      } else {
        const error = outcome.error as { kind?: string; httpStatus?: number; name?: string }
        const type = error.httpStatus ? String(error.httpStatus) : (error.kind ?? error.name ?? "unknown")
        this.span.setAttribute(ATTR.ERROR_TYPE, type)
        this.span.setStatus({ code: SpanStatusCode.ERROR, message: type })
      }
    }
    this.span.end()
  }

  private record(attributes: Attributes): void {
    if (!this.metricAttributes) return
    const seconds = (performance.now() - this.attemptStartedAt) / 1000
    instruments().serviceRequestDuration.record(seconds, { ...this.metricAttributes, ...attributes })
  }

  private loanAttributes(): Attributes {
    const loan = loanInContext()
    return {
      ...(this.shape.cartId ? { [ATTR.CART_ID]: this.shape.cartId } : {}),
      ...(loan?.loanId !== undefined ? { [ATTR.LOAN_ID]: loan.loanId } : {}),
      ...(loan?.holder ? holderAttributes(loan.holder) : {}),
    }
  }
}

/** The service's host and port: never the URL's path, query or credentials. */
function server(url: string): Attributes {
  try {
    const { hostname, port, protocol } = new URL(url)
    return { [ATTR.SERVER_ADDRESS]: hostname, [ATTR.SERVER_PORT]: Number(port || (protocol === "https:" ? 443 : 80)) }
  } catch {
    return {}
  }
}
