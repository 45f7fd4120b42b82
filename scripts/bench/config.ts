/**
 * Sizes and knobs of `npm run bench`, from the environment. The defaults are the sizes the
 * figures of docs/benchmarks.md are measured at; BENCH_QUICK=1 shrinks everything for a smoke run.
 */
export interface BenchConfig {
  /** Which figures to run: DEFAULT_FIGURES unless BENCH_ONLY names others (BENCH_ONLY=storm,reconcile). */
  only: Set<Figure>
  sessionsN: number
  /** GET /store/bnpl/offer calls (and as many GET /store/regions). */
  offerN: number
  webhooksN: number
  stormN: number
  stormCopies: number
  /** Webhooks (and baseline completions) in flight at once. */
  concurrency: number
  reconcileN: number
  /** The smaller reconciliation run that RSS and wall time are compared with. */
  reconcileBaseN: number
  /** BNPL_RECONCILE_CONCURRENCY: the limit the sandbox must never see exceeded. */
  reconcileConcurrency: number
  /** Latency the sandbox adds to every service endpoint: zero unless asked. */
  sandboxLatencyMs: number
  /**
   * Latency of the status and cancel endpoints during reconciliation. A sandbox answering in
   * 1 ms rarely sees two of Medusa's lanes at once; some latency makes the limit matter.
   */
  reconcileLatencyMs: number
  /** Carts prepared through the store API at once (not measured). */
  prepConcurrency: number
  /**
   * The plugin's `autoCapture` in the measured store (on, as shipped). Off, a webhook's
   * confirmation authorizes only, as Medusa's completion of a system-provider cart does: the
   * like-for-like comparison (BENCH_AUTO_CAPTURE=false).
   */
  autoCapture: boolean
  /** Session creations per provider in the checkout under load. */
  loadN: number
  /** Shoppers creating sessions at once in the checkout under load. */
  loadConcurrency: number
  /** How long the sandbox takes to answer loan creation in the checkout under load. */
  loanLatencyMs: number
  /** Orders per side (plugin, system provider) of each flow whose SQL is counted. */
  sqlN: number
  /** Paid loans (and as many system-provider carts) on the production topology. */
  topologyN: number
  /** Orders of each side before the measured halves, per mode. */
  topologyWarmUp: number
  /** BNPL_WEBHOOK_CONCURRENCY of the topology's processes; unset, the plugin's default. */
  topologyWebhookConcurrency?: number
  /** Paid loans whose webhooks were lost; the figure also runs ten times as many. */
  backlogN: number
  /**
   * OpenTelemetry in the measured store (BENCH_OTEL): off as shipped; on, the store registers a
   * full SDK with exporters that drop everything (instrumentation.ts, BNPL_OTEL_DISCARD); both, a
   * second Medusa process with it on, and sessions and webhooks measured on each (otel-cost.ts).
   */
  otel: OtelMode
}

export const OTEL_MODES = ["off", "on", "both"] as const
export type OtelMode = (typeof OTEL_MODES)[number]

export const FIGURES = ["sessions", "webhooks", "storm", "reconcile", "offer", "load", "sql", "topology", "backlog"] as const
export type Figure = (typeof FIGURES)[number]

/**
 * What a plain `npm run bench` measures, in about 25 minutes: the sale-day figures (checkout under
 * load, the production topology, the backlog, SQL per order) and, for continuity, one session at a
 * time and webhook → order in one process. The duplicate storm, the offer and the 50,000-loan
 * reconciliation each answer a question of their own and run when BENCH_ONLY names them.
 */
export const DEFAULT_FIGURES: readonly Figure[] = ["sessions", "webhooks", "load", "sql", "topology", "backlog"]

export function benchConfig(env: NodeJS.ProcessEnv = process.env): BenchConfig {
  const quick = env.BENCH_QUICK === "1"
  const int = (name: string, normal: number, small: number): number => {
    const value = env[name] === undefined || env[name] === "" ? (quick ? small : normal) : Number(env[name])
    if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, not ${env[name]}`)
    return value
  }
  const reconcileN = int("BENCH_RECONCILE_N", 50_000, 200)
  return {
    only: figures(env.BENCH_ONLY),
    sessionsN: int("BENCH_SESSIONS_N", 100, 10),
    offerN: int("BENCH_OFFER_N", 500, 50),
    webhooksN: int("BENCH_WEBHOOKS_N", 200, 16),
    stormN: int("BENCH_STORM_N", 200, 16),
    stormCopies: int("BENCH_STORM_COPIES", 10, 10),
    concurrency: int("BENCH_CONCURRENCY", 16, 16),
    reconcileN,
    reconcileBaseN: int("BENCH_RECONCILE_BASE_N", Math.round(reconcileN / 10), Math.round(reconcileN / 5)),
    reconcileConcurrency: int("BENCH_RECONCILE_CONCURRENCY", 8, 8),
    sandboxLatencyMs: int("BENCH_SANDBOX_LATENCY_MS", 0, 0),
    reconcileLatencyMs: int("BENCH_RECONCILE_LATENCY_MS", Number(env.BENCH_SANDBOX_LATENCY_MS || 0), Number(env.BENCH_SANDBOX_LATENCY_MS || 0)),
    prepConcurrency: int("BENCH_PREP_CONCURRENCY", 4, 4),
    autoCapture: flag("BENCH_AUTO_CAPTURE", env.BENCH_AUTO_CAPTURE, true),
    loadN: int("BENCH_LOAD_N", 3200, 32),
    loadConcurrency: int("BENCH_LOAD_CONCURRENCY", 16, 16),
    loanLatencyMs: int("BENCH_LOAN_LATENCY_MS", 150, 150),
    sqlN: int("BENCH_SQL_N", 50, 5),
    topologyN: int("BENCH_TOPOLOGY_N", 200, 16),
    topologyWarmUp: int("BENCH_TOPOLOGY_WARM_UP", 64, 16),
    ...(env.BENCH_TOPOLOGY_WEBHOOK_CONCURRENCY ? { topologyWebhookConcurrency: int("BENCH_TOPOLOGY_WEBHOOK_CONCURRENCY", 16, 16) } : {}),
    backlogN: int("BENCH_BACKLOG_N", 500, 20),
    otel: otelMode(env.BENCH_OTEL),
  }
}

function otelMode(value: string | undefined): OtelMode {
  if (value === undefined || value === "") return "off"
  if ((OTEL_MODES as readonly string[]).includes(value)) return value as OtelMode
  throw new Error(`BENCH_OTEL must be one of ${OTEL_MODES.join(", ")}, not ${value}`)
}

function flag(name: string, value: string | undefined, normal: boolean): boolean {
  if (value === undefined || value === "") return normal
  if (value === "true" || value === "false") return value === "true"
  throw new Error(`${name} must be true or false, not ${value}`)
}

function figures(list: string | undefined): Set<Figure> {
  if (!list) return new Set(DEFAULT_FIGURES)
  const wanted = list.split(",").map((name) => name.trim())
  const unknown = wanted.filter((name) => !(FIGURES as readonly string[]).includes(name))
  if (unknown.length) throw new Error(`BENCH_ONLY: unknown figure ${unknown.join(", ")}; choose from ${FIGURES.join(", ")}`)
  return new Set(wanted as Figure[])
}
