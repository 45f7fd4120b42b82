import { Button, toast } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { type ReconcileCounts, useReconcile } from "../../lib/ledger-api"
import { messageOf } from "../../lib/sdk"

/** "Reconcile now": the scheduled reconciliation on demand, and what it counted, in a toast and under the button. */
export function ReconcileButton() {
  const { t } = useTranslation()
  const reconcile = useReconcile()
  const describe = (counts: ReconcileCounts) =>
    Object.entries(counts)
      .filter(([, value]) => typeof value === "number")
      .map(([key, value]) => `${value} ${t(`bnpl.loans.counts.${key}`, { defaultValue: key })}`)
      .join(" · ")

  return (
    <div className="flex flex-col items-end gap-y-1">
      <Button
        size="small"
        variant="secondary"
        isLoading={reconcile.isPending}
        data-testid="bnpl-reconcile"
        onClick={() =>
          reconcile.mutate(undefined, {
            onSuccess: (counts) => toast.success(t("bnpl.loans.reconciled"), { description: describe(counts) }),
            onError: (error) => toast.error(t("bnpl.loans.reconcileFailed", { message: messageOf(error) })),
          })
        }
      >
        {reconcile.isPending ? t("bnpl.loans.reconciling") : t("bnpl.loans.reconcile")}
      </Button>
      {reconcile.data && (
        <span className="text-ui-fg-subtle txt-compact-xsmall" data-testid="bnpl-reconcile-counts">
          {describe(reconcile.data)}
        </span>
      )}
    </div>
  )
}
