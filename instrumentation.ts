// The demo store's OpenTelemetry: Medusa's `start` (and `develop`) calls `register` before it
// boots. Off unless one of these is set:
// - BNPL_OTEL_CONSOLE: every span of the plugin's prints as one line on `npm start`'s console,
//   under Medusa's http and workflow spans (same trace id);
// - BNPL_OTEL_DISCARD: a store's full instrumentation (http, workflows, query, db, metrics read
//   every 5 s) with exporters that drop everything: what `BENCH_OTEL=on npm run bench` measures.
// A real store's file, exporting to an OTLP collector, is in docs/observability.md.
import { registerOtel } from "@medusajs/medusa"
import { ConsoleSpanLines } from "./scripts/harness/console-spans"
import { DiscardingSpanExporter, discardingMetricReader } from "./scripts/harness/discarding-otel"

export function register() {
  if (process.env.BNPL_OTEL_DISCARD) {
    registerOtel({
      serviceName: "bnpl-bench-store",
      exporter: new DiscardingSpanExporter(),
      metricReaders: [discardingMetricReader()],
      instrument: { http: true, workflows: true, query: true, db: true },
    })
    return
  }
  if (!process.env.BNPL_OTEL_CONSOLE) return
  registerOtel({
    serviceName: "bnpl-demo-store",
    exporter: new ConsoleSpanLines("medusa-payment-bnpl"),
    instrument: { http: true, workflows: true },
  })
}
