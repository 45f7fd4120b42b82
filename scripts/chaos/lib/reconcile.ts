import type { ReconcileSummary } from "../../harness/admin-api"
import type { ChaosContext } from "../context"

const MAX_PASSES = 3

/**
 * Reconciliation as the scheduled job would run it, pass after pass (at most three) until a
 * pass finds nothing left to authorize and nothing failing: a loan whose confirmation failed
 * in one pass is retried in the next, as it would be five minutes later in production.
 */
export async function reconcileUntilQuiet(ctx: ChaosContext): Promise<ReconcileSummary[]> {
  const passes: ReconcileSummary[] = []
  for (let pass = 1; pass <= MAX_PASSES; pass++) {
    const { ms: _ms, ...summary } = await ctx.admin.reconcile()
    passes.push(summary)
    if (!summary.authorized && !summary.failed) break
  }
  return passes
}
