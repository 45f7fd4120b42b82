import { StatusBadge, Text, createDataTableColumnHelper } from "@medusajs/ui"
import { useMemo } from "react"
import { useTranslation } from "react-i18next"
import type { LedgerListRow, LedgerLoanJson } from "../../../api/admin/bnpl/loans/ledger-view"
import { STATE_COLOR, STATUS_COLOR } from "../../lib/badges"
import { formatFor } from "../../lib/format"
import type { RowActions } from "./row-actions"

const column = createDataTableColumnHelper<LedgerListRow>()

/** The ledger's columns, in the admin's language; the last one holds the row actions. */
export function useLedgerColumns(actions: RowActions) {
  const { t, i18n } = useTranslation()
  return useMemo(() => {
    const format = formatFor(i18n.language)
    return [
      // The cart under the loan id: the table stays narrow enough for the admin's content pane.
      column.accessor("loan_id", {
        header: t("bnpl.loans.column.loan"),
        cell: ({ row }) => (
          <div className="flex flex-col py-2">
            <span>{row.original.loan_id}</span>
            <Text size="xsmall" leading="compact" className="text-ui-fg-subtle" data-testid={`bnpl-ledger-pays-${row.original.loan_id}`}>
              {`${t(`bnpl.widget.pays.${row.original.pays}`)} · ${row.original.service_cart_id}`}
            </Text>
          </div>
        ),
      }),
      column.accessor("state", {
        header: t("bnpl.loans.column.state"),
        // The attention reason wraps instead of being cut.
        truncateTooltip: false,
        cell: ({ row }) => <StateCell row={row.original} label={t(`bnpl.ledgerState.${row.original.state}`)} />,
      }),
      column.accessor("loan_status", {
        header: t("bnpl.loans.column.status"),
        cell: ({ getValue }) => <StatusBadge color={STATUS_COLOR[getValue()]}>{t(`bnpl.loanStatus.${getValue()}`)}</StatusBadge>,
      }),
      column.accessor("amount", {
        header: t("bnpl.loans.column.amount"),
        align: "right",
        cell: ({ row }) => format.money(row.original.amount, row.original.currency_code),
      }),
      column.accessor("refunded_at_service", {
        header: t("bnpl.loans.column.refunded"),
        align: "right",
        cell: ({ row }) =>
          `${format.money(row.original.refunded_at_service, row.original.currency_code)} / ${format.money(row.original.refunded_in_medusa, row.original.currency_code)}`,
      }),
      column.accessor("order_id", {
        header: t("bnpl.loans.column.order"),
        cell: ({ row }) =>
          row.original.order_id ??
          (row.original.awaiting_order_id ? (
            <div className="flex flex-col items-start gap-y-1 py-2" data-testid={`bnpl-ledger-awaiting-${row.original.loan_id}`}>
              <span>{row.original.awaiting_order_id}</span>
              <StatusBadge color="orange">{t("bnpl.widget.awaitingFinancing")}</StatusBadge>
            </div>
          ) : (
            "—"
          )),
      }),
      column.accessor("created_at", { header: t("bnpl.loans.column.created"), cell: ({ getValue }) => format.date(getValue()) }),
      column.action({ actions: ({ row }) => actions.for(row.original) }),
    ]
  }, [t, i18n.language, actions])
}

/** The state badge, with the reason under it when the loan is on the attention list. */
function StateCell({ row, label }: { row: LedgerLoanJson; label: string }) {
  return (
    <div className="flex flex-col items-start gap-y-1 py-2" data-testid={`bnpl-ledger-state-${row.loan_id}`}>
      <StatusBadge color={STATE_COLOR[row.state]}>{label}</StatusBadge>
      {row.attention_reason && (
        <Text size="xsmall" leading="compact" className="text-ui-fg-subtle whitespace-normal" data-testid={`bnpl-ledger-reason-${row.loan_id}`}>
          {row.attention_reason}
        </Text>
      )}
    </div>
  )
}
