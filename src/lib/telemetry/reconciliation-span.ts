import type { ReconcileCount, ReconcileSummary } from "../../modules/bnpl/types"
import { ATTR } from "./attributes"
import { instruments } from "./instruments"
import { inSpan } from "./span"

/** What a run settled, counted in `bnpl.reconciliation.settled`; `checked` and `pending` settle nothing. */
const SETTLED: ReconcileCount[] = ["authorized", "cancelled", "refunded", "needs_attention", "refunds_recorded", "backfilled", "failed"]

/**
 * A reconciliation run (reconciliation/run.ts) as one span, `bnpl.reconciliation`, with its
 * summary's counts as `bnpl.reconciliation.<count>`; its duration and what it settled as metrics.
 */
export function reconciliationSpan(trigger: string, run: () => Promise<ReconcileSummary>): Promise<ReconcileSummary> {
  const startedAt = performance.now()
  const triggered = { [ATTR.RECONCILIATION_TRIGGER]: trigger }
  const finished = (outcome: "done" | "failed") => {
    const metrics = instruments()
    if (metrics.on)
      metrics.reconciliationDuration.record((performance.now() - startedAt) / 1000, { ...triggered, [ATTR.RECONCILIATION_OUTCOME]: outcome })
  }
  return inSpan(
    "bnpl.reconciliation",
    () => triggered,
    async (span) => {
      const summary = await run().catch((error: unknown) => {
        finished("failed")
        throw error
      })
      finished("done")
      const metrics = instruments()
      for (const key of SETTLED) {
        if (metrics.on && summary[key]) metrics.reconciliationSettled.add(summary[key], { [ATTR.RECONCILIATION_OUTCOME]: key })
      }
      if (span.isRecording()) {
        const { watched, ...counts } = summary
        for (const [key, count] of Object.entries(counts)) span.setAttribute(`bnpl.reconciliation.${key}`, count)
        for (const [key, count] of Object.entries(watched ?? {})) span.setAttribute(`bnpl.reconciliation.watched.${key}`, count)
      }
      return summary
    },
  )
}
