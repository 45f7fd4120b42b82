import {
  createNoopMeter,
  type Counter,
  type Histogram,
  type Meter,
  type MeterProvider,
  metrics,
  trace,
  type Tracer,
} from "@medusajs/framework/opentelemetry/api"

/**
 * The plugin's tracer and meter. They come from the OpenTelemetry API that Medusa re-exports, so
 * the plugin shares the store's one API instance: whatever SDK the store's `instrumentation.ts`
 * registers receives the plugin's spans and metrics, and without one the API's no-ops answer.
 * docs/observability.md lists every span and instrument.
 */
export const SCOPE = "medusa-payment-bnpl"

/** A proxy until an SDK registers, then the SDK's tracer: safe to keep. */
let cachedTracer: Tracer | undefined
export const tracer = (): Tracer => (cachedTracer ??= trace.getTracer(SCOPE))

/** Durations in seconds, as OpenTelemetry's HTTP client histogram advises. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10]
/** A paid loan's wait for its order: seconds when the webhook works, minutes when reconciliation finds it. */
const DELAY_BUCKETS = [0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800, 3600, 21600, 86400]
const RUN_BUCKETS = [0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800]

export interface Instruments {
  /** False while no SDK's meter provider is registered: callers skip building attributes. */
  on: boolean
  meter: Meter
  serviceRequestDuration: Histogram
  loansCreated: Counter
  loansPaid: Counter
  loansCancelled: Counter
  loansRefunded: Counter
  paidToOrderDelay: Histogram
  webhookDeliveries: Counter
  refunds: Counter
  reconciliationDuration: Histogram
  reconciliationSettled: Counter
}

function create(meter: Meter): Instruments {
  const loans = (what: string) =>
    meter.createCounter(`bnpl.loans.${what}`, { unit: "{loan}", description: `Loans ${what}, by the way they were made (bnpl.loan.channel).` })
  return {
    on: meter.constructor !== NOOP_METER_CLASS,
    meter,
    serviceRequestDuration: meter.createHistogram("http.client.request.duration", {
      unit: "s",
      description: "Duration of each HTTP request to the financing service, one point per attempt.",
      advice: { explicitBucketBoundaries: HTTP_BUCKETS },
    }),
    loansCreated: loans("created"),
    loansPaid: loans("paid"),
    loansCancelled: loans("cancelled"),
    loansRefunded: meter.createCounter("bnpl.loans.refunded", {
      unit: "{loan}",
      description: "Loans refunded in full, by the way they were made (bnpl.loan.channel).",
    }),
    paidToOrderDelay: meter.createHistogram("bnpl.loan.order.delay", {
      unit: "s",
      description: "From the first confirmation that saw a loan paid to the order that holds it.",
      advice: { explicitBucketBoundaries: DELAY_BUCKETS },
    }),
    webhookDeliveries: meter.createCounter("bnpl.webhook.deliveries", {
      unit: "{delivery}",
      description: "Webhook deliveries received, by what became of them (bnpl.webhook.outcome).",
    }),
    refunds: meter.createCounter("bnpl.refunds", {
      unit: "{refund}",
      description: "Refunds the plugin was asked for, by outcome (bnpl.refund.outcome).",
    }),
    reconciliationDuration: meter.createHistogram("bnpl.reconciliation.duration", {
      unit: "s",
      description: "Duration of a reconciliation run, its wait for another run's lock included.",
      advice: { explicitBucketBoundaries: RUN_BUCKETS },
    }),
    reconciliationSettled: meter.createCounter("bnpl.reconciliation.settled", {
      unit: "{loan}",
      description: "What reconciliation runs did with the loans they walked (bnpl.reconciliation.outcome).",
    }),
  }
}

const NOOP_METER_CLASS = createNoopMeter().constructor

/**
 * The instruments of the meter provider registered now. The metrics API has no proxy (unlike
 * tracing): instruments made before an SDK registers stay no-ops, so they are made again
 * whenever the global provider changes.
 */
let built: { provider: MeterProvider; instruments: Instruments } | undefined
export function instruments(): Instruments {
  const provider = metrics.getMeterProvider()
  if (built?.provider !== provider) built = { provider, instruments: create(provider.getMeter(SCOPE)) }
  return built.instruments
}
