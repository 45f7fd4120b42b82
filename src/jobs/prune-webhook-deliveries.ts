import type { MedusaContainer } from "@medusajs/framework/types"
import { BNPL_LEDGER_MODULE, type BnplLedgerService } from "../modules/bnpl"
import { pruneSchedule } from "../lib/options/prune-schedule"

/** Webhook deliveries received longer ago than this are deleted, as reconciliation runs are. */
export const KEEP_DELIVERIES_DAYS = 30

/**
 * Deletes the webhook deliveries older than KEEP_DELIVERIES_DAYS: they are a log, not history.
 * A job rather than the webhook's own work, so that the webhook's path only inserts, and so
 * that, behind Redis, one process prunes for all of them once per run of the schedule.
 */
export default async function pruneWebhookDeliveriesJob(container: MedusaContainer) {
  const cutoff = new Date(Date.now() - KEEP_DELIVERIES_DAYS * 86_400_000)
  await container.resolve<BnplLedgerService>(BNPL_LEDGER_MODULE).pruneLogs(cutoff, "deliveries")
}

export const config = {
  name: "bnpl-prune-webhook-deliveries",
  schedule: pruneSchedule(),
}
