import { context, metrics, trace } from "@medusajs/framework/opentelemetry/api"
import { metrics as sdkMetrics, node, tracing } from "@medusajs/framework/opentelemetry/sdk-node"

/**
 * An OpenTelemetry SDK in the test's own process, recording in memory: what a store's
 * `instrumentation.ts` registers, with an in-memory span exporter and a metric reader the test
 * collects from. Medusa runs in the jest process (medusaIntegrationTestRunner), so the plugin's
 * spans and metrics land here. Register it before Medusa boots, as a store does.
 */
export interface InMemoryOtel {
  spans(): tracing.ReadableSpan[]
  collect(): Promise<MetricPoint[]>
  reset(): void
  shutdown(): Promise<void>
}

/** One data point of one instrument, flattened for assertions. */
export interface MetricPoint {
  name: string
  unit: string
  attributes: Record<string, unknown>
  value: unknown
}

class TestReader extends sdkMetrics.MetricReader {
  protected async onShutdown(): Promise<void> {}
  protected async onForceFlush(): Promise<void> {}
}

export function registerInMemoryOtel(): InMemoryOtel {
  const exporter = new tracing.InMemorySpanExporter()
  const tracerProvider = new node.NodeTracerProvider({ spanProcessors: [new tracing.SimpleSpanProcessor(exporter)] })
  tracerProvider.register()
  const reader = new TestReader()
  const meterProvider = new sdkMetrics.MeterProvider({ readers: [reader] })
  metrics.setGlobalMeterProvider(meterProvider)
  return {
    spans: () => exporter.getFinishedSpans(),
    async collect() {
      const { resourceMetrics } = await reader.collect()
      return resourceMetrics.scopeMetrics.flatMap((scope) =>
        scope.metrics.flatMap((metric) =>
          (metric.dataPoints as Array<{ attributes: Record<string, unknown>; value: unknown }>).map((point) => ({
            name: metric.descriptor.name,
            unit: metric.descriptor.unit,
            attributes: point.attributes,
            value: point.value,
          })),
        ),
      )
    },
    reset: () => exporter.reset(),
    async shutdown() {
      await Promise.all([tracerProvider.shutdown(), meterProvider.shutdown()])
      trace.disable()
      metrics.disable()
      context.disable()
    },
  }
}

/** Every attribute value of every span (its events' too) and metric point, as text, for a search. */
export function attributeValues(spans: tracing.ReadableSpan[], points: MetricPoint[]): string[] {
  const values = [
    ...spans.flatMap((span) => [span.name, ...Object.values(span.attributes), ...span.events.flatMap((e) => Object.values(e.attributes ?? {}))]),
    ...points.flatMap((point) => Object.values(point.attributes)),
  ]
  return values.map((value) => (typeof value === "string" ? value : JSON.stringify(value)))
}
