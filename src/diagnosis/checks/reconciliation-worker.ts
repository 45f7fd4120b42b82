import { ledgerOf } from "../../lib/ledger/ledger"
import { reconcileSchedule } from "../../lib/options/reconcile-schedule"
import { cronPeriodMs } from "../cron-period"
import { type Check, fail, ok } from "../types"
import { duration } from "./duration"

const FIX =
  "Run a Medusa process that runs scheduled jobs: MEDUSA_WORKER_MODE=worker beside the servers (or shared for a single process), with the same database and Redis."

/**
 * Scheduled jobs run only in a `worker` or `shared` process: with servers alone, reconciliation
 * never runs and a lost webhook leaves its order pending. Its last scheduled run must be younger
 * than two periods of the schedule; before any, this process must be younger than that.
 */
export const reconciliationWorkerCheck: Check = {
  id: "reconciliation_worker",
  async run(ctx) {
    const schedule = reconcileSchedule()
    const period = cronPeriodMs(schedule, ctx.now)
    if (!period) return ok(`The schedule "${schedule}" runs too rarely (or too unusually) to judge whether a worker runs it.`)
    const [last] = await ledgerOf(ctx.container).listBnplReconciliations({ trigger: "schedule" }, { take: 1, order: { started_at: "DESC" } })
    const limit = 2 * period
    if (last) {
      const age = ctx.now.getTime() - new Date(last.started_at).getTime()
      if (age <= limit) return ok(`The last scheduled reconciliation started ${duration(age)} ago (schedule "${schedule}").`)
      return fail(
        `The last scheduled reconciliation started ${duration(age)} ago; the schedule "${schedule}" runs every ${duration(period)} at most.`,
        FIX,
      )
    }
    const uptime = process.uptime() * 1000
    if (uptime <= limit) return ok(`No scheduled reconciliation yet; the first is due within ${duration(period)} (schedule "${schedule}").`)
    return fail(`No scheduled reconciliation has run in the ${duration(uptime)} this server has been up (schedule "${schedule}").`, FIX)
  },
}
