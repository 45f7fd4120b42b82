import { model } from "@medusajs/framework/utils"

/**
 * One reconciliation run, from the moment it was asked for until it ended: the admin's
 * "Reconcile now" answers at once and polls this row, and the scheduled job records its
 * runs the same way. A log only: runs whose last sign of life is 30 days old are deleted
 * at the start of a run.
 *
 * A process that dies mid-run leaves its row `running`: `heartbeat_at`, written every 15
 * seconds while the run's process lives (also while it waits for another run's lock), tells
 * such a row from a live one once it is older than the run lock's time to live.
 */
export const BnplReconciliation = model
  .define("bnpl_reconciliation", {
    id: model.id({ prefix: "bnplrec" }).primaryKey(),
    /** Who asked: the scheduled job, or an admin (the loans page or the admin API). */
    trigger: model.enum(["schedule", "admin"]),
    status: model.enum(["running", "done", "failed"]).default("running"),
    /** What the run did (a ReconcileSummary, types.ts), once it is done. */
    summary: model.json().nullable(),
    /** Why the run failed, for the admin (the service client's messages carry no credentials). */
    error: model.text().nullable(),
    started_at: model.dateTime(),
    finished_at: model.dateTime().nullable(),
    heartbeat_at: model.dateTime(),
  })
  .indexes([
    { name: "IDX_bnpl_reconciliation_started_at", on: ["started_at"] },
    { name: "IDX_bnpl_reconciliation_heartbeat_at", on: ["heartbeat_at"] },
  ])
