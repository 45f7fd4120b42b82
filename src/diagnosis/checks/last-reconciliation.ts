import { ledgerOf } from "../../lib/ledger/ledger"
import { RUN_LOCK_TTL } from "../../lib/ledger/locks"
import { type Check, fail, ok, warn } from "../types"
import { duration } from "./duration"

const RUN_IT = 'Run one with "Reconcile now" on the installment loans page (or POST /admin/bnpl/reconcile).'

/** The latest reconciliation run, scheduled or the admin's, ended well. */
export const lastReconciliationCheck: Check = {
  id: "last_reconciliation",
  async run(ctx) {
    const [run] = await ledgerOf(ctx.container).listBnplReconciliations({}, { take: 1, order: { started_at: "DESC", id: "DESC" } })
    if (!run) return warn("No reconciliation has run yet: a lost webhook would leave its order pending until one does.", RUN_IT)
    const ago = duration(ctx.now.getTime() - new Date(run.started_at).getTime())
    switch (run.status) {
      case "done":
        return ok(`The last reconciliation (${run.trigger}, ${ago} ago) ended well.`)
      case "failed":
        return fail(
          `The last reconciliation (${run.trigger}, ${ago} ago) failed: ${run.error ?? "no reason recorded"}`,
          `Fix what the error names (often the service's credentials or host, see the checks above), then ${RUN_IT.charAt(0).toLowerCase()}${RUN_IT.slice(1)}`,
        )
      case "running": {
        const silentMs = ctx.now.getTime() - new Date(run.heartbeat_at).getTime()
        if (silentMs <= RUN_LOCK_TTL * 1000) return ok(`A reconciliation (${run.trigger}) is running since ${ago} ago.`)
        return warn(`The last reconciliation (${run.trigger}, ${ago} ago) was interrupted: its process stopped during the run.`, RUN_IT)
      }
      default:
        return fail(`The last reconciliation has an unknown status.`, RUN_IT)
    }
  },
}
