import fc from "fast-check"
import { type Command, type Sequence, type SequenceSize, sequences } from "./commands"
import { SequenceRun } from "./driver"
import type { OrderSummary } from "./attribution"
import { bookEntries, ledgerRows, type OrderPayment, orderPayments } from "./facts"
import { Gate } from "./gate"
import { checkMoney, isPaid, type MoneyFacts } from "./invariant"
import { orderView } from "./order-life"
import type { ModelSystem } from "./system"

/**
 * Runs the money model: `numRuns` random sequences (fast-check), each on fresh carts, each
 * ending with the invariant of invariant.ts. Every sequence runs even after a failure, so one
 * run reports every broken sequence, each with the seed and path that replays it alone:
 * `FC_SEED=<seed> FC_PATH=<path>` (and `replay`, when the run needs more to be found again).
 * With `shrink`, fast-check shrinks the first failure to a shorter sequence instead (slow: each
 * attempt drives the real store).
 */
export interface ModelOptions {
  numRuns: number
  size: SequenceSize
  /** Replays a run: the seed printed by an earlier one. */
  seed?: number
  /** With the seed: only the sequence at this path (a run prints it for each failure). */
  path?: string
  /** Only this sequence, not random ones: the commands a failure performed, as it prints them (FC_SEQUENCE), or one written by hand. */
  sequence?: Sequence
  shrink?: boolean
  /** Sequences driven side by side (each on its own carts; see gate.ts). Default 1. */
  concurrency?: number
  /** Logs every sequence's trace, not only the failing ones'. */
  verbose?: boolean
  log?: (line: string) => void
  /** What else a replay needs, printed beside the seed and path (e.g. `FC_AUTO_CAPTURE=1`: the Medusa with autoCapture). */
  replay?: string
  /** Names the run in its log lines, when a spec runs more than one. */
  label?: string
}

export interface SequenceFailure {
  seed: number
  path: string
  replay?: string
  sequence: Sequence
  /** The commands it performed, in order: replays it exactly, without the seed (FC_SEQUENCE). */
  performed: Sequence
  trace: string[]
  violations: string[]
}

export interface ModelReport {
  seed: number
  sequences: number
  commands: number
  seconds: number
  /** How the sequences' loans ended, summed: the rule's three outcomes and the unpaid. */
  loans: { created: number; paid: number; inOrder: number; refundedInFull: number; listed: number; unpaid: number }
  orders: { placed: number; cancelled: number; captured: number }
  /**
   * The plugin's refund requests left unclear (booked `unknown`), and how the admin settled them;
   * the refunds made outside Medusa it booked. Counted from the book at each sequence's end.
   */
  unclear: { unknown: number; recorded: number; dismissed: number; outside: number }
  /** How many times each kind of command ran (commands.ts, `kindOf`): what the sequences reached. */
  kinds: Record<string, number>
  failures: SequenceFailure[]
  /** The shrunk counterexample when `shrink` was asked for and a sequence failed. */
  shrunk?: SequenceFailure
}

export async function runMoneyModel(system: ModelSystem, options: ModelOptions): Promise<ModelReport> {
  const seed = options.seed ?? (Date.now() ^ Math.floor(Math.random() * 0x7fffffff)) | 0
  const log = options.log ?? (() => {})
  const started = Date.now()
  const report: ModelReport = {
    seed,
    sequences: 0,
    commands: 0,
    seconds: 0,
    loans: { created: 0, paid: 0, inOrder: 0, refundedInFull: 0, listed: 0, unpaid: 0 },
    orders: { placed: 0, cancelled: 0, captured: 0 },
    unclear: { unknown: 0, recorded: 0, dismissed: 0, outside: 0 },
    kinds: {},
    failures: [],
  }
  const replay = options.path !== undefined || options.sequence !== undefined
  const name = `money model${options.label ? ` (${options.label})` : ""}`
  const more = options.replay ? ` ${options.replay}` : ""
  log(
    `${name}: ${replay ? 1 : options.numRuns} sequence(s), seed ${seed}${options.path !== undefined ? `, path ${options.path}` : ""}${options.sequence ? ", the one given" : ""}, ${options.concurrency ?? 1} at a time (replay one: FC_SEED=${seed} FC_PATH=<path>${more})`,
  )
  const record = (path: string, sequence: Sequence, outcome: Outcome): SequenceFailure | undefined => {
    report.sequences++
    report.commands += outcome.performed
    for (const kind of outcome.kinds) report.kinds[kind] = (report.kinds[kind] ?? 0) + 1
    if (outcome.facts) tally(report, outcome.facts)
    if (options.verbose) log([`sequence ${path} (${outcome.ms} ms):`, ...outcome.trace.map((line) => `  ${line}`)].join("\n"))
    if (!outcome.violations.length) return undefined
    const performed = { quantities: sequence.quantities, length: outcome.commands.length, commands: outcome.commands }
    return { seed, path, replay: options.replay, sequence, performed, trace: outcome.trace, violations: outcome.violations }
  }
  const keep = (failure: SequenceFailure | undefined) => {
    if (failure) report.failures.push(failure)
    if (failure) log(formatFailure(failure))
  }
  if (options.sequence) keep(record(GIVEN, options.sequence, await runOne(system, options.sequence, new Gate())))
  else if (options.shrink) await shrinkFirstFailure(system, options, seed, report, record)
  else await runAll(system, options, seed, (path, sequence, outcome) => keep(record(path, sequence, outcome)))
  report.seconds = (Date.now() - started) / 1000
  log(`${name}: ${report.sequences} sequences, ${report.commands} commands, ${report.failures.length} failed, ${report.seconds.toFixed(0)} s`)
  return report
}

/** The path of a sequence given whole (`sequence`), not drawn from the seed. */
const GIVEN = "given"

type Recorder = (path: string, sequence: Sequence, outcome: Outcome) => void

/**
 * Every sequence, `concurrency` at a time, each with the path fast-check would give it:
 * `fc.sample` with the same seed yields the values `fc.check` runs, in the same order.
 */
async function runAll(system: ModelSystem, options: ModelOptions, seed: number, record: Recorder): Promise<void> {
  const first = options.path === undefined ? 0 : Number(options.path)
  const all = fc.sample(sequences(options.size), { seed, numRuns: options.path === undefined ? options.numRuns : first + 1 })
  const queue = all.map((sequence, index) => ({ sequence, index })).slice(first)
  const gate = new Gate()
  const lanes = Array.from({ length: Math.max(1, options.concurrency ?? 1) }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) record(String(next.index), next.sequence, await runOne(system, next.sequence, gate))
  })
  await Promise.all(lanes)
}

/** One at a time through fast-check, which shrinks the first failing sequence (slow: each try drives the real store). */
async function shrinkFirstFailure(
  system: ModelSystem,
  options: ModelOptions,
  seed: number,
  report: ModelReport,
  record: (path: string, sequence: Sequence, outcome: Outcome) => SequenceFailure | undefined,
): Promise<void> {
  let smallest: SequenceFailure | undefined
  const property = fc.asyncProperty(sequences(options.size), async (sequence) => {
    const failure = record("?", sequence, await runOne(system, sequence, new Gate()))
    if (!failure) return
    smallest = failure
    throw new Error(formatFailure(failure))
  })
  const details = await fc.check(property, {
    seed,
    numRuns: options.path === undefined ? options.numRuns : 1,
    ...(options.path === undefined ? {} : { path: options.path }),
  })
  if (details.failed && smallest) report.failures.push({ ...smallest, path: details.counterexamplePath ?? "?" })
}

interface Outcome {
  ms: number
  performed: number
  /** The commands performed, in order. */
  commands: Command[]
  kinds: string[]
  trace: string[]
  violations: string[]
  facts?: MoneyFacts
}

/** One sequence on fresh carts; an exception (the store down, a broken reply) is a failure too. */
async function runOne(system: ModelSystem, sequence: Sequence, gate: Gate): Promise<Outcome> {
  const run = new SequenceRun(system, gate)
  const started = Date.now()
  let performed = 0
  try {
    await run.setUp(sequence.quantities)
    for (const command of sequence.commands) {
      if (performed >= sequence.length) break
      if (await run.attempt(command)) performed++
    }
    await run.finish()
    const cartIds = run.cartIds
    const orders = await orderPayments(system.sql, cartIds)
    const facts: MoneyFacts = {
      loans: [...system.sandbox.state.loans.values()].filter((loan) => cartIds.includes(loan.cartId)),
      rows: await ledgerRows(system.sql, cartIds),
      orders,
      book: await bookEntries(system.sql, cartIds),
      sent: run.sent.of(cartIds),
      carts: run.cartQuantities,
      summaries: await summariesOf(system, orders),
      asked: run.asked,
      autoCapture: system.autoCapture,
      linkless: run.linkless,
    }
    const violations = [...run.violations, ...checkMoney(facts)]
    const trace = violations.length ? [...run.trace, ...describeFacts(facts)] : run.trace
    return { ms: Date.now() - started, performed, commands: run.performed, kinds: run.kinds, trace, violations, facts }
  } catch (error) {
    return {
      ms: Date.now() - started,
      performed,
      commands: run.performed,
      kinds: run.kinds,
      trace: run.trace,
      violations: [...run.violations, `the sequence crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`],
    }
  }
}

/** Each order's summary, from the admin API as the order page reads it. */
async function summariesOf(system: ModelSystem, orders: OrderPayment[]): Promise<OrderSummary[]> {
  const summaries: OrderSummary[] = []
  for (const orderId of new Set(orders.map((order) => order.order_id))) {
    const view = await orderView(system, orderId)
    if (!view) throw new Error(`the admin API answered no order ${orderId}`)
    summaries.push({ order_id: orderId, status: view.status, total: view.total, ...view.summary })
  }
  return summaries
}

/** The end state of both books, printed under a failing sequence's trace. */
function describeFacts(facts: MoneyFacts): string[] {
  return [
    ...facts.loans.map(
      (loan) =>
        `(end) service: loan ${loan.loanId} ${loan.status} ${loan.request.totalPrice}, refunds [${loan.refunds.map((r) => `${r.totalAmount} ${r.status}`).join(", ")}]`,
    ),
    ...facts.rows.map(
      (row) =>
        `(end) ledger: loan ${row.loan_id} ${row.state}${row.order_id ? ` order ${row.order_id}` : ""}${row.attention_reason ? `: ${row.attention_reason}` : ""}`,
    ),
    ...facts.orders.map(
      (o) =>
        `(end) medusa: order ${o.order_id} ${o.order_status}, loan ${o.loan_id}, payment ${o.amount / 100} captured ${o.captured / 100} refunded ${o.refunded / 100}${o.canceled ? " canceled" : ""}`,
    ),
    ...facts.summaries.map(
      (s) =>
        `(end) medusa summary: order ${s.order_id} ${s.status} total ${s.total / 100} paid ${s.paid / 100} refunded ${s.refunded / 100} pending ${s.pending / 100}`,
    ),
    ...facts.book.map(
      (e) =>
        `(end) book: loan ${e.loan_id} ${e.kind} ${e.amount === null ? "?" : e.amount / 100} ${e.state}${e.reason ? ` "${e.reason}"` : ""}${e.note ? ` (${e.note})` : ""}`,
    ),
  ]
}

function tally(report: ModelReport, facts: MoneyFacts): void {
  const rows = new Map(facts.rows.map((row) => [row.loan_id, row]))
  for (const loan of facts.loans) {
    report.loans.created++
    if (!isPaid(loan)) {
      report.loans.unpaid++
      continue
    }
    report.loans.paid++
    const row = rows.get(loan.loanId)
    if (facts.orders.some((order) => order.loan_id === loan.loanId)) report.loans.inOrder++
    else if (row?.state === "needs_attention") report.loans.listed++
    else report.loans.refundedInFull++
  }
  report.orders.placed += facts.orders.length
  report.orders.cancelled += facts.orders.filter((order) => order.order_status === "canceled").length
  report.orders.captured += facts.orders.filter((order) => order.captured > 0).length
  for (const entry of facts.book) {
    if (entry.kind === "outside") report.unclear.outside++
    else if (entry.state === "unknown" || entry.state === "sending") report.unclear.unknown++
    else if (entry.state === "dismissed") report.unclear.dismissed++
    else if (entry.note?.startsWith("recorded")) report.unclear.recorded++
  }
}

export function formatFailure(failure: SequenceFailure): string {
  return [
    failure.path === GIVEN
      ? "money model: the given sequence failed; replay it with the FC_SEQUENCE below"
      : `money model: sequence failed; replay it alone with FC_SEED=${failure.seed} FC_PATH=${failure.path}${failure.replay ? ` ${failure.replay}` : ""}`,
    // What broke first: a log read from its head (or cut short) still shows it.
    "  broken:",
    ...failure.violations.map((line) => `    - ${line}`),
    "  what happened (commands that could not apply were passed over):",
    ...failure.trace.map((line) => `    ${line}`),
    `  the commands it performed, to replay exactly: FC_SEQUENCE='${JSON.stringify(failure.performed)}'${failure.replay ? ` ${failure.replay}` : ""}`,
  ].join("\n")
}
