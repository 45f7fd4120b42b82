// The demo's span printer (BNPL_OTEL_CONSOLE=1, instrumentation.ts): one line per span of the
// plugin's, `[otel] <name> <ms> trace=<id> <attributes>`, which `npm start` shows beside its own
// lines (harness/medusa-log.ts). Medusa's own spans are exported too but not printed: they are many.
import type { ReadableSpan, SpanExporter } from "@medusajs/framework/opentelemetry/sdk-trace-node"

export const SPAN_LINE = "[otel]"

export function spanLine(span: ReadableSpan): string {
  const [seconds, nanos] = span.duration
  const ms = (seconds * 1000 + nanos / 1e6).toFixed(1)
  const attributes = Object.entries(span.attributes)
    .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(" ")
  return `${SPAN_LINE} ${span.name} ${ms} ms trace=${span.spanContext().traceId.slice(0, 8)} ${attributes}`
}

export class ConsoleSpanLines implements SpanExporter {
  constructor(private readonly scope: string) {}

  export(spans: ReadableSpan[], done: (result: { code: 0 }) => void): void {
    for (const span of spans) if (span.instrumentationScope.name === this.scope) process.stdout.write(`${spanLine(span)}\n`)
    done({ code: 0 })
  }

  async shutdown(): Promise<void> {}
}
