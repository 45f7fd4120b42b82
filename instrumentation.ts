// The demo store's OpenTelemetry: Medusa's `start` (and `develop`) calls `register` before it
// boots. Off unless BNPL_OTEL_CONSOLE is set; then every span of the plugin's prints as one line
// on `npm start`'s console, under Medusa's http and workflow spans (same trace id). A real store's
// file, exporting to an OTLP collector, is in docs/observability.md.
import { registerOtel } from "@medusajs/medusa"
import { ConsoleSpanLines } from "./scripts/harness/console-spans"

export function register() {
  if (!process.env.BNPL_OTEL_CONSOLE) return
  registerOtel({
    serviceName: "bnpl-demo-store",
    exporter: new ConsoleSpanLines("medusa-payment-bnpl"),
    instrument: { http: true, workflows: true },
  })
}
