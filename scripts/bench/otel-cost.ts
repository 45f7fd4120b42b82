import type { BenchContext } from "./context"
import { single, type FigureRow } from "./figure"
import { benchSessionCreation, SESSION_TOTAL } from "./session-creation"
import { benchWebhookToOrder, type Throughput } from "./webhook-to-order"

/** What a store's OpenTelemetry may cost the paths a customer waits on (issue 59). */
const MAX_COST = 1.03

/**
 * BENCH_OTEL=both: session creation and webhook → order, each measured on two Medusa processes of
 * the same stack, one with a store's SDK registered (instrumentation.ts, BNPL_OTEL_DISCARD) and one
 * without. Sessions run off first and webhooks on first, so that a load that drifts over the run
 * weighs on both sides alike. Each side's own rows are kept, marked with its mode.
 */
export async function sessionsOtelCost(off: BenchContext, on: BenchContext): Promise<FigureRow[]> {
  const offRows = await benchSessionCreation(off)
  const onRows = await benchSessionCreation(on)
  const total = (rows: FigureRow[]): FigureRow["measured"] => {
    const row = rows.find((r) => r.figure === SESSION_TOTAL)
    if (!row) throw new Error(`session creation reported no "${SESSION_TOTAL}" row`)
    return row.measured
  }
  const [was, is] = [total(offRows), total(onRows)]
  const median = is.median / was.median
  return [
    ...marked(offRows, "off"),
    ...marked(onRows, "on"),
    {
      figure: "OpenTelemetry on vs off: session creation (bnpl), median",
      unit: "ms",
      measured: is,
      baseline: { label: "otel off", ...was },
      ratio: median,
      ratioMeaning: "median bnpl session time with the SDK / without",
      target: `≤ ${MAX_COST}×`,
      met: median <= MAX_COST,
    },
    {
      figure: "OpenTelemetry on vs off: session creation (bnpl), p99",
      unit: "ms",
      measured: is,
      baseline: { label: "otel off", ...was },
      ratio: is.p99 / was.p99,
      ratioMeaning: "p99 bnpl session time with the SDK / without",
      target: "reported",
    },
  ]
}

/** The webhook side, on first; `baseline` is the off process's completions, for the storm figure. */
export async function webhooksOtelCost(off: BenchContext, on: BenchContext): Promise<{ rows: FigureRow[]; baseline: Throughput }> {
  const withSdk = await benchWebhookToOrder(on)
  const without = await benchWebhookToOrder(off)
  const cost = without.bnpl.perSecond / withSdk.bnpl.perSecond
  // The store's SDK traces Medusa's own http, workflows and queries too, and slows its completions
  // of system-provider carts about as much: the plugin's share is its ratio to them, off against on.
  const share = without.bnpl.perSecond / without.baseline.perSecond / (withSdk.bnpl.perSecond / withSdk.baseline.perSecond)
  return {
    rows: [
      ...marked(without.rows, "off"),
      ...marked(withSdk.rows, "on"),
      {
        figure: "OpenTelemetry on vs off: webhook → order throughput",
        unit: "orders/s",
        measured: single(withSdk.bnpl.perSecond),
        baseline: { label: "otel off", ...single(without.bnpl.perSecond) },
        ratio: cost,
        ratioMeaning: "orders/s via webhooks without the SDK / with it: the whole store's cost, Medusa's instrumentation included",
        target: "reported",
        details: { ordersOn: withSdk.bnpl.orders, ordersOff: without.bnpl.orders },
      },
      {
        figure: "OpenTelemetry on vs off: the plugin's share, webhook → order",
        unit: "ratio",
        measured: single(withSdk.bnpl.perSecond / withSdk.baseline.perSecond),
        baseline: { label: "otel off", ...single(without.bnpl.perSecond / without.baseline.perSecond) },
        ratio: share,
        ratioMeaning:
          "(plugin / system provider orders per second) without the SDK / with it: above 1, the plugin's spans cost more than Medusa's own",
        target: `≤ ${MAX_COST}×`,
        met: share <= MAX_COST && withSdk.bnpl.orders === without.bnpl.orders,
      },
    ],
    baseline: without.baseline,
  }
}

/**
 * A side's own rows under its mode's name. Their own targets (the plugin against Medusa's system
 * provider, in one process) are still judged: the SDK weighs on both sides of those alike.
 */
const marked = (rows: FigureRow[], mode: "on" | "off"): FigureRow[] => rows.map((row) => ({ ...row, figure: `${row.figure} [otel ${mode}]` }))
