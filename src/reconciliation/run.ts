import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { ledgerOf } from "../lib/ledger/ledger"
import { extendLocks, type Locks, releaseLocks, RUN_LOCK_TTL, runLock } from "../lib/ledger/locks"
import { takeRunLockWorkflow } from "../workflows/take-run-lock"
import { bnplFromContainer } from "../lib/options/resolve-options"
import type { LedgerLoan, ReconcileSummary, ReconciliationRecord, ReconciliationTrigger } from "../modules/bnpl/types"
import { backfill, settleLostRequests } from "./backfill"
import { reconcileRow, type RowContext, type RowOutcome } from "./row"
import { observeLedger } from "../lib/ledger/gauges"
import { reconciliationSpan } from "../lib/telemetry/reconciliation-span"

/**
 * The spec sends no event for a lost webhook, an abandoned loan or a refund made in the
 * service's portal; its answer is that the merchant polls. A run walks the ledger: every loan
 * not in a final state, older than the grace period, and every ordered loan due for a refund
 * check, page by page with at most `reconcileConcurrency` status queries at once. What a run does
 * with one row is in row.ts; each change it makes is a workflow with its own compensation.
 *
 * First it gives a row to any loan a waiting session holds without one (a loan made before the
 * ledger existed, or a crash between the two writes), and to any loan a creation whose reply was
 * lost made (a sale by phone): backfill.ts.
 *
 * One run at a time, across instances when the locking provider is shared (Redis): overlapping
 * runs would double the load on the service. A second run waits for the first, then finds little
 * left to do.
 */
export type { ReconcileSummary }

export interface StartedReconciliation {
  /** The run's record as it was created: `running`. */
  record: ReconciliationRecord
  /** Settles when the run ends; the record says `done` or `failed` by then. */
  finished: Promise<ReconcileSummary>
}

/**
 * While the run lives, its heartbeat is at most this old, also while it waits for another run's
 * lock (up to 15 minutes): a record whose heartbeat is older than the lock's TTL belongs to a
 * process that died, and the admin is told so instead of waiting for a run that will never end.
 */
const HEARTBEAT_MS = (RUN_LOCK_TTL * 1000) / 4

/** A failure's message is operator detail for the admin, bounded so that a record stays small. */
const MAX_ERROR_CHARS = 2000

/** Runs whose last sign of life is older than this are deleted: the records are a log, not history. */
const KEEP_RUNS_DAYS = 30

const PAGE_SIZE = 100

/**
 * Records a reconciliation run and starts it. The admin route answers with the record at once
 * and lets the run go on (a run over a large ledger lasts minutes); the scheduled job awaits
 * `finished`. A run that throws ends `failed` with its error's message before `finished` rejects.
 */
export async function startReconciliation(container: MedusaContainer, trigger: ReconciliationTrigger): Promise<StartedReconciliation> {
  const record = await ledgerOf(container).startReconciliationRun(trigger)
  observeLedger(container)
  return { record, finished: reconciliationSpan(trigger, () => runRecorded(container, record.id)) }
}

async function runRecorded(container: MedusaContainer, id: string): Promise<ReconcileSummary> {
  const ledger = ledgerOf(container)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const heartbeat = setInterval(() => {
    ledger.beatReconciliationRun(id).catch((error: Error) => {
      logger.warn(`[bnpl] reconciliation ${id}: heartbeat not recorded: ${error.message}`)
    })
  }, HEARTBEAT_MS)
  heartbeat.unref()
  try {
    const lock = runLock()
    await takeRunLockWorkflow(container).run({ input: lock })
    try {
      await pruneOldRuns(container)
      const summary = await reconcileRun(container, new Date(), lock)
      await ledger.finishReconciliationRun(id, { summary })
      return summary
    } finally {
      await releaseLocks(container, lock)
    }
  } catch (error) {
    const message = messageOf(error).slice(0, MAX_ERROR_CHARS)
    await ledger
      .finishReconciliationRun(id, { error: message })
      .catch((recording: Error) => logger.error(`[bnpl] reconciliation ${id}: its failure could not be recorded: ${recording.message}`))
    throw error instanceof Error ? error : new Error(message)
  } finally {
    clearInterval(heartbeat)
  }
}

/** A finished run stops beating when it finishes, and a run whose process died at its death: either is old once its heartbeat is. */
async function pruneOldRuns(container: MedusaContainer): Promise<void> {
  await ledgerOf(container).pruneLogs(new Date(Date.now() - KEEP_RUNS_DAYS * 86_400_000), "runs")
}

/**
 * Extends the run's lock as the run makes progress, at most every quarter of its TTL. Tied to
 * progress rather than to a timer: a run stuck on one loan beyond the TTL lets the lock go,
 * as a dead one does, instead of holding every later run back for as long as it hangs.
 */
function lockKeeper(container: MedusaContainer, lock: Locks): () => Promise<void> {
  let extendedAt = Date.now()
  return async () => {
    if (Date.now() - extendedAt < (lock.ttl * 1000) / 4) return
    extendedAt = Date.now()
    await extendLocks(container, lock)
  }
}

async function reconcileRun(container: MedusaContainer, now: Date, lock: Locks): Promise<ReconcileSummary> {
  const { options } = bnplFromContainer(container)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const graceCutoff = new Date(now.getTime() - options.reconcileGraceSeconds * 1000)
  const refundCutoff = new Date(now.getTime() - options.refundCheckHours * 3_600_000)
  const ctx: RowContext = { container, logger, timeoutCutoff: new Date(now.getTime() - options.loanTimeoutHours * 3_600_000) }
  const summary: ReconcileSummary = {
    checked: 0,
    authorized: 0,
    cancelled: 0,
    pending: 0,
    failed: 0,
    needs_attention: 0,
    refunded: 0,
    refunds_recorded: 0,
    backfilled: 0,
  }
  const keepLock = lockKeeper(container, lock)
  const settled = await settleLostRequests(container, graceCutoff, keepLock)
  summary.backfilled = settled.length + (await backfill(container, graceCutoff, keepLock))
  const walk = async (row: LedgerLoan) => {
    summary.checked++
    const outcome = await reconcileRow(ctx, row).catch((error: Error): RowOutcome => {
      // One line per loan and run; the row stays as it was for the next run.
      logger.warn(`[bnpl] reconciliation: loan ${row.loan_id} of cart ${row.service_cart_id} left for the next run: ${error.message}`)
      return "failed"
    })
    if (outcome !== "in_order") summary[outcome]++
    await keepLock()
  }
  // Rows written just now for a lost reply's loans are younger than the walk's cutoff: walked here.
  await eachLimited(
    settled.filter((row) => row.state === "open"),
    options.reconcileConcurrency,
    walk,
  )

  // Keyset paging by id: rows leaving the set cannot shift a page, and memory
  // holds one page however large the ledger grows.
  for (let after: string | undefined; ;) {
    const page = await ledgerOf(container).listBnplLoans(
      {
        ...(after ? { id: { $gt: after } } : {}),
        created_at: { $lte: graceCutoff },
        $or: [
          { state: ["open", "needs_attention"] },
          { state: "ordered", checked_at: null },
          { state: "ordered", checked_at: { $lte: refundCutoff } },
        ],
      },
      { take: PAGE_SIZE, order: { id: "ASC" } },
    )
    if (!page.length) break
    after = page[page.length - 1].id
    await eachLimited(page, options.reconcileConcurrency, walk)
  }
  summary.watched = await ledgerOf(container).countWatched()
  return summary
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++])
  })
  await Promise.all(lanes)
}

/** An error as thrown: an Error, or a plain `{ message }` object. */
function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message
  const message = typeof error === "object" && error !== null && "message" in error ? error.message : undefined
  return typeof message === "string" ? message : String(error)
}
