import fc from "fast-check"
import { type Sequence, type SequenceSize, sequences } from "./commands"
import { SequenceRun } from "./driver"
import { ledgerRows, openBookEntries, orderPayments } from "./facts"
import { Gate } from "./gate"
import { checkMoney, isPaid, type MoneyFacts } from "./invariant"
import type { ModelSystem } from "./system"

/**
 * Runs the money model: `numRuns` random sequences (fast-check), each on fresh carts, each
 * ending with the invariant of invariant.ts. Every sequence runs even after a failure, so one
 * run reports every broken sequence, each with the seed and path that replays it alone:
 * `FC_SEED=<seed> FC_PATH=<path>`. With `shrink`, fast-check shrinks the first failure to a
 * shorter sequence instead (slow: each attempt drives the real store).
 */
export interface ModelOptions {
  numRuns: number
  size: SequenceSize
  /** Replays a run: the seed printed by an earlier one. */
  seed?: number
  /** With the seed: only the sequence at this path (a run prints it for each failure). */
  path?: string
  shrink?: boolean
  /** Sequences driven side by side (each on its own carts; see gate.ts). Default 1. */
  concurrency?: number
  /** Logs every sequence's trace, not only the failing ones'. */
  verbose?: boolean
  log?: (line: string) => void
}

export interface SequenceFailure {
  seed: number
  path: string
  sequence: Sequence
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
    failures: [],
  }
  const replay = options.path !== undefined
  log(
    `money model: ${replay ? 1 : options.numRuns} sequence(s), seed ${seed}${replay ? `, path ${options.path}` : ""}, ${options.concurrency ?? 1} at a time (replay one: FC_SEED=${seed} FC_PATH=<path>)`,
  )
  const record = (path: string, sequence: Sequence, outcome: Outcome): SequenceFailure | undefined => {
    report.sequences++
    report.commands += outcome.performed
    if (outcome.facts) tally(report, outcome.facts)
    if (options.verbose) log([`sequence ${path} (${outcome.ms} ms):`, ...outcome.trace.map((line) => `  ${line}`)].join("\n"))
    if (!outcome.violations.length) return undefined
    return { seed, path, sequence, trace: outcome.trace, violations: outcome.violations }
  }
  if (options.shrink) await shrinkFirstFailure(system, options, seed, report, record)
  else
    await runAll(system, options, seed, (path, sequence, outcome) => {
      const failure = record(path, sequence, outcome)
      if (failure) report.failures.push(failure)
      if (failure) log(formatFailure(failure))
    })
  report.seconds = (Date.now() - started) / 1000
  log(`money model: ${report.sequences} sequences, ${report.commands} commands, ${report.failures.length} failed, ${report.seconds.toFixed(0)} s`)
  return report
}

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
    const facts: MoneyFacts = {
      loans: [...system.sandbox.state.loans.values()].filter((loan) => cartIds.includes(loan.cartId)),
      rows: await ledgerRows(system.sql, cartIds),
      orders: await orderPayments(system.sql, cartIds),
      openOutside: (await openBookEntries(system.sql, cartIds)).map((entry) => entry.loan_id),
      carts: run.cartQuantities,
    }
    const violations = [...run.violations, ...checkMoney(facts)]
    return { ms: Date.now() - started, performed, trace: violations.length ? [...run.trace, ...describeFacts(facts)] : run.trace, violations, facts }
  } catch (error) {
    return {
      ms: Date.now() - started,
      performed,
      trace: run.trace,
      violations: [...run.violations, `the sequence crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`],
    }
  }
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
}

export function formatFailure(failure: SequenceFailure): string {
  return [
    `money model: sequence failed; replay it alone with FC_SEED=${failure.seed} FC_PATH=${failure.path}`,
    "  what happened (commands that could not apply were passed over):",
    ...failure.trace.map((line) => `    ${line}`),
    "  broken:",
    ...failure.violations.map((line) => `    - ${line}`),
  ].join("\n")
}
