import { Button, toast } from "@medusajs/ui"
import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import type { ReconciliationJson } from "../../../api/admin/bnpl/reconciliations/reconciliation-view"
import { useLatestReconciliation, useReconcile, useReconciliation } from "../../lib/ledger-api"
import { timeAgo } from "../../lib/relative-time"
import { messageOf } from "../../lib/sdk"

/**
 * "Reconcile now": starts the scheduled reconciliation on demand and follows the run (the
 * request answers at once; a run over a large ledger lasts minutes). What it counted shows
 * in a toast and under the button; before any run from this page, the latest run does.
 */
export function ReconcileButton() {
  const { t, i18n } = useTranslation()
  const start = useReconcile()
  const [runId, setRunId] = useState<string>()
  const run = useReconciliation(runId).data
  const latest = useLatestReconciliation().data
  const describe = (counts: object | null) =>
    Object.entries(counts ?? {})
      .filter(([, value]) => typeof value === "number")
      .map(([key, value]) => `${value} ${t(`bnpl.loans.counts.${key}`, { defaultValue: key })}`)
      .join(" · ")
  useRunEnded(run, describe)
  const running = start.isPending || run?.status === "running"

  return (
    <div className="flex flex-col items-end gap-y-1">
      <Button
        size="small"
        variant="secondary"
        isLoading={running}
        data-testid="bnpl-reconcile"
        onClick={() =>
          start.mutate(undefined, {
            onSuccess: ({ reconciliation }) => setRunId(reconciliation.id),
            onError: (error) => toast.error(t("bnpl.loans.reconcileFailed", { message: messageOf(error) })),
          })
        }
      >
        {running ? t("bnpl.loans.reconciling") : t("bnpl.loans.reconcile")}
      </Button>
      {run?.status === "done" && (
        <span className="text-ui-fg-subtle txt-compact-xsmall" data-testid="bnpl-reconcile-counts">
          {describe(run.summary)}
        </span>
      )}
      {run && run.status !== "done" && run.status !== "running" && (
        <span className="text-ui-fg-error txt-compact-xsmall" data-testid="bnpl-reconcile-error">
          {failureOf(run, t)}
        </span>
      )}
      {!run && latest?.status === "done" && latest.finished_at && (
        <span className="text-ui-fg-muted txt-compact-xsmall" data-testid="bnpl-reconcile-last">
          {t("bnpl.loans.lastReconciled", { when: timeAgo(latest.finished_at, i18n.language), counts: describe(latest.summary) })}
        </span>
      )}
    </div>
  )
}

type T = ReturnType<typeof useTranslation>["t"]

function failureOf(run: ReconciliationJson, t: T): string {
  return run.status === "interrupted" ? t("bnpl.loans.reconcileInterrupted") : t("bnpl.loans.reconcileFailed", { message: run.error ?? "" })
}

/** One toast when the followed run ends: its counts, or why it did not finish. */
function useRunEnded(run: ReconciliationJson | undefined, describe: (counts: object | null) => string) {
  const { t } = useTranslation()
  const ended = run && run.status !== "running" ? `${run.id}:${run.status}` : undefined
  useEffect(() => {
    if (!run || !ended) return
    if (run.status === "done") toast.success(t("bnpl.loans.reconciled"), { description: describe(run.summary) })
    else toast.error(failureOf(run, t))
    // Once per run and outcome: `run` and `describe` change with every render.
  }, [ended])
}
