import type { FilterablePaymentSessionProps, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { randomUUID } from "crypto"
import { createStep, createWorkflow, StepResponse, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { recordNewLoan } from "../lib/ledger/emit-events"
import { ledgerOf, rowOfLoan, RUN_LOCK, underCartLock } from "../lib/ledger/ledger"
import { reconcileRow, type RowContext, type RowOutcome } from "./reconcile-row"
import type { LedgerLoan } from "../modules/bnpl/types"
import { bnplFromContainer } from "../lib/bnpl/resolve-options"
import { PROVIDER_ID, readSessionData } from "../lib/bnpl/session-data"

/**
 * The spec sends no event for a lost webhook, an abandoned loan or a refund
 * made in the service's portal; its answer is that the merchant polls. This
 * walks the ledger: every loan not in a final state, older than the grace
 * period, and every ordered loan due for a refund check, page by page with
 * at most `reconcileConcurrency` status queries at once. Each row's decision
 * is in src/workflows/reconcile-row.ts; every change runs as a workflow.
 *
 * First it gives a row to any loan a waiting session holds without one (a
 * loan made before the ledger existed, or a crash between the two writes).
 */
export interface ReconcileSummary {
  checked: number
  /** Paid loans confirmed into orders. */
  authorized: number
  cancelled: number
  pending: number
  failed: number
  needs_attention: number
  /** Paid loans no order can hold, refunded in full by the plugin. */
  refunded: number
  /** Refunds made at the service, recorded in Medusa. */
  refunds_recorded: number
  /** Rows given to loans that had none. */
  backfilled: number
}

export interface ReconcileInput {
  /** ISO time to reconcile as of (tests); defaults to now. */
  now?: string
  /**
   * The run's record (`bnpl_reconciliation`), made by the caller (start-reconciliation.ts,
   * which also keeps its heartbeat): the run writes its summary there. Without it, the run
   * records nothing.
   */
  reconciliation_id?: string
}

interface RunInput extends ReconcileInput {
  /** The run's own lock owner, so that the run can extend its lock as it goes. */
  owner: string
}

const PAGE_SIZE = 100

/**
 * Extends the run's lock as the run makes progress, at most every quarter of its TTL. Tied to
 * progress rather than to a timer: a run stuck on one loan beyond the TTL lets the lock go,
 * as a dead one does, instead of holding every later run back for as long as it hangs.
 */
function lockKeeper(container: MedusaContainer, owner: string): () => Promise<void> {
  const locking = container.resolve(Modules.LOCKING)
  let extendedAt = Date.now()
  return async () => {
    if (Date.now() - extendedAt < (RUN_LOCK.ttl * 1000) / 4) return
    extendedAt = Date.now()
    await locking.acquire(RUN_LOCK.key, { ownerId: owner, expire: RUN_LOCK.ttl })
  }
}

/** Only reads and dispatches: each change it causes is a workflow with its own compensation. */
const reconcileStep = createStep("bnpl-reconcile-ledger", async (input: RunInput, { container }) => {
  const record = runRecord(container, input.reconciliation_id)
  await record.pruneOld()
  const summary = await reconcileRun(container, input.now ? new Date(input.now) : new Date(), input.owner)
  await record.done(summary)
  return new StepResponse(summary)
})

/** Runs whose last sign of life is older than this are deleted: the records are a log, not history. */
const KEEP_RUNS_DAYS = 30

/** The run's own row in `bnpl_reconciliation`; does nothing for a run started without one. */
function runRecord(container: MedusaContainer, id: string | undefined) {
  const ledger = ledgerOf(container)
  const write = async (fields: Record<string, unknown>) => {
    if (id) await ledger.updateBnplReconciliations({ id, heartbeat_at: new Date(), ...fields })
  }
  return {
    pruneOld: async () => {
      const cutoff = new Date(Date.now() - KEEP_RUNS_DAYS * 86_400_000)
      // A finished row stops beating when it finishes, and a row whose process died stops at
      // its death: either is old once its heartbeat is. A live run's beats every 15 seconds.
      const old = await ledger.listBnplReconciliations({ heartbeat_at: { $lt: cutoff } }, { select: ["id"] })
      if (old.length) await ledger.deleteBnplReconciliations(old.map((row: { id: string }) => row.id))
    },
    done: (summary: ReconcileSummary) => write({ status: "done", summary, finished_at: new Date() }),
  }
}

async function reconcileRun(container: MedusaContainer, now: Date, owner: string): Promise<ReconcileSummary> {
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
  const keepLock = lockKeeper(container, owner)
  summary.backfilled = await backfill(container, graceCutoff, keepLock)

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
    await eachLimited(page, options.reconcileConcurrency, async (row) => {
      summary.checked++
      const outcome = await reconcileRow(ctx, row).catch((error: Error): RowOutcome => {
        // One line per loan and run; the row stays as it was for the next run.
        logger.warn(`[bnpl] reconciliation: loan ${row.loan_id} of cart ${row.cart_id} left for the next run: ${error.message}`)
        return "failed"
      })
      if (outcome !== "in_order") summary[outcome]++
      await keepLock()
    })
  }
  return summary
}

/**
 * Waiting pp_bnpl_bnpl sessions whose loan has no ledger row get one. Nearly every session has
 * its row, found by the session's id alone: only the few without one are read in full, so that
 * a pass over a large store's sessions stays cheap in time and memory (`npm run bench`:
 * reconciliation).
 */
async function backfill(container: MedusaContainer, graceCutoff: Date, keepLock: () => Promise<void>): Promise<number> {
  const payments = container.resolve(Modules.PAYMENT)
  const ledger = ledgerOf(container)
  let created = 0
  for (let after: string | undefined; ;) {
    const filters = {
      provider_id: PROVIDER_ID,
      // Not in the published filter type, but a column the module filters on like any other.
      status: "pending",
      created_at: { $lte: graceCutoff.toISOString() },
      ...(after ? { id: { $gt: after } } : {}),
    } as FilterablePaymentSessionProps
    const ids = (await payments.listPaymentSessions(filters, { take: PAGE_SIZE, order: { id: "ASC" }, select: ["id"] })).map((s) => s.id)
    if (!ids.length) return created
    after = ids[ids.length - 1]
    // A pass over a large store's sessions can outlast the lock's TTL.
    await keepLock()
    const recorded = await ledger.sessionsWithRows(ids)
    const unrecorded = ids.filter((id) => !recorded.has(id))
    if (!unrecorded.length) continue
    const page = await payments.listPaymentSessions(
      { id: unrecorded },
      { select: ["id", "amount", "currency_code", "data", "payment_collection_id"] },
    )
    // A row that moved to a later session (a paid loan the cart took over) is found by its loan.
    const loans = page.map((s) => ({ session: s, data: readSessionData(s.data) })).filter((s) => !!s.data)
    const known = new Set(
      (await ledger.listBnplLoans({ loan_id: loans.map((l) => l.data!.loan_id) }, { select: ["loan_id"] })).map(
        (r: Pick<LedgerLoan, "loan_id">) => r.loan_id,
      ),
    )
    for (const { session, data } of loans.filter((l) => !known.has(l.data!.loan_id))) {
      // Session creation writes its row under the cart's lock just after Medusa stores the
      // session: a session younger than the grace period may be between the two. Under the
      // same lock the row is either written or not yet started.
      const wrote = await underCartLock(container, data!.cart_id, async () => {
        if (await rowOfLoan(container, data!.loan_id)) return false
        await recordNewLoan(container, {
          loan_id: data!.loan_id,
          cart_id: data!.cart_id,
          payment_collection_id: session.payment_collection_id,
          payment_session_id: session.id,
          checkout_url: data!.checkout_url,
          amount: data!.amount,
          currency_code: data!.currency_code,
          loan_status: data!.loan_status ?? "REQUEST",
        })
        return true
      }).catch((error: Error) => {
        // A cart whose lock stays held (a confirmation waiting on the service) must not end the
        // whole run: the session waits for the next run, as a failed row does.
        container
          .resolve(ContainerRegistrationKeys.LOGGER)
          .warn(`[bnpl] reconciliation: loan ${data!.loan_id} of cart ${data!.cart_id} left for the next run: ${error.message}`)
        return false
      })
      if (wrote) created++
      await keepLock()
    }
  }
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++])
  })
  await Promise.all(lanes)
}

/**
 * One run at a time, across instances when the locking provider is shared
 * (Redis): overlapping runs would double the load on the service. A second
 * run waits for the first, then finds little left to do.
 */
export const reconcileLoansWorkflow = createWorkflow("bnpl-reconcile-loans", (input: ReconcileInput) => {
  const run = transform({ input }, ({ input }): RunInput => ({ ...input, owner: `bnpl-reconcile-${randomUUID()}` }))
  acquireLockStep(transform({ run }, ({ run }) => ({ ...RUN_LOCK, ownerId: run.owner })))
  const summary = reconcileStep(run)
  releaseLockStep(transform({ run }, ({ run }) => ({ key: RUN_LOCK.key, ownerId: run.owner })))
  return new WorkflowResponse(summary)
})
