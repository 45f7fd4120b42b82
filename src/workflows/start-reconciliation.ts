import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { ledgerOf, RUN_LOCK } from "../lib/ledger/ledger"
import type { ReconciliationRecord, ReconciliationTrigger } from "../modules/bnpl/types"
import { type ReconcileInput, type ReconcileSummary, reconcileLoansWorkflow } from "./reconcile-loans"

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
const HEARTBEAT_MS = (RUN_LOCK.ttl * 1000) / 4

/** A failure's message is operator detail for the admin, bounded so that a record stays small. */
const MAX_ERROR_CHARS = 2000

/**
 * Records a reconciliation run and starts it. The admin route answers with the record at once
 * and lets the run go on (a run over a large ledger lasts minutes); the scheduled job awaits
 * `finished`. A run that throws ends `failed` with its error's message before `finished` rejects.
 */
export async function startReconciliation(
  container: MedusaContainer,
  trigger: ReconciliationTrigger,
  input: Omit<ReconcileInput, "reconciliation_id"> = {},
): Promise<StartedReconciliation> {
  const now = new Date()
  const record = await ledgerOf(container).createBnplReconciliations({ trigger, status: "running", started_at: now, heartbeat_at: now })
  return { record, finished: runRecorded(container, record.id, input) }
}

async function runRecorded(container: MedusaContainer, id: string, input: ReconcileInput): Promise<ReconcileSummary> {
  const ledger = ledgerOf(container)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const heartbeat = setInterval(() => {
    ledger.updateBnplReconciliations({ id, heartbeat_at: new Date() }).catch((error: Error) => {
      logger.warn(`[bnpl] reconciliation ${id}: heartbeat not recorded: ${error.message}`)
    })
  }, HEARTBEAT_MS)
  heartbeat.unref()
  try {
    const { result } = await reconcileLoansWorkflow(container).run({ input: { ...input, reconciliation_id: id } })
    return result
  } catch (error) {
    const message = messageOf(error).slice(0, MAX_ERROR_CHARS)
    const now = new Date()
    await ledger
      .updateBnplReconciliations({ id, status: "failed", error: message, finished_at: now, heartbeat_at: now })
      .catch((recording: Error) => logger.error(`[bnpl] reconciliation ${id}: its failure could not be recorded: ${recording.message}`))
    throw error instanceof Error ? error : new Error(message)
  } finally {
    clearInterval(heartbeat)
  }
}

/** A workflow's run rejects with the step's error as the engine kept it: an Error, or a plain `{ message }` object. */
function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message
  const message = typeof error === "object" && error !== null && "message" in error ? error.message : undefined
  return typeof message === "string" ? message : String(error)
}
