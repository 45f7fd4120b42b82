import { type Attributes, type Span, SpanKind, SpanStatusCode } from "@medusajs/framework/opentelemetry/api"
import { tracer } from "./instruments"
import { ATTR } from "./attributes"

/**
 * Runs `work` inside a new span, child of the active one (Medusa's http or workflow span when the
 * store traces those), and active for the work's own spans. A failure marks the span with the
 * error's class only: messages may carry what an attribute must not.
 */
export function inSpan<T>(name: string, attributes: () => Attributes, work: (span: Span) => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(name, { kind: SpanKind.INTERNAL }, async (span) => {
    if (span.isRecording()) span.setAttributes(attributes())
    try {
      return await work(span)
    } catch (error) {
      markFailed(span, error)
      throw error
    } finally {
      span.end()
    }
  })
}

export function markFailed(span: Span, error: unknown): void {
  if (!span.isRecording()) return
  const type = error instanceof Error ? error.name : "unknown"
  span.setAttribute(ATTR.ERROR_TYPE, type)
  span.setStatus({ code: SpanStatusCode.ERROR, message: type })
}
