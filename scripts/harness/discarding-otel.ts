// What `npm run bench` measures with OpenTelemetry on (BENCH_OTEL, instrumentation.ts): a store's SDK
// doing all of its work (spans recorded and handed to an exporter, metrics collected on a period) with
// exporters that drop what they get, so that the figure is the SDK's cost inside Medusa and not a
// collector's network or a console's writes.
import { metrics } from "@medusajs/framework/opentelemetry/sdk-node"
import type { ReadableSpan, SpanExporter } from "@medusajs/framework/opentelemetry/sdk-trace-node"

export class DiscardingSpanExporter implements SpanExporter {
  export(_spans: ReadableSpan[], done: (result: { code: 0 }) => void): void {
    done({ code: 0 })
  }

  async shutdown(): Promise<void> {}
}

class DiscardingMetricExporter implements metrics.PushMetricExporter {
  export(_metrics: metrics.ResourceMetrics, done: (result: { code: 0 }) => void): void {
    done({ code: 0 })
  }

  async forceFlush(): Promise<void> {}

  async shutdown(): Promise<void> {}
}

/** Collects every instrument, the ledger's gauges included, as often as a busy store's reader might. */
export const discardingMetricReader = (exportIntervalMillis = 5_000): metrics.MetricReader =>
  new metrics.PeriodicExportingMetricReader({ exporter: new DiscardingMetricExporter(), exportIntervalMillis })
