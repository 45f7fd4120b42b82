import { StatusBadge, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { Link } from "react-router-dom"
import type { LedgerLoanJson } from "../../../api/admin/bnpl/loans/ledger-view"
import { STATE_COLOR } from "../../lib/badges"
import type { Format } from "../../lib/format"
import { LabelledValue } from "./labelled-value"
import { Message } from "./message"

/** The plugin's own record of the loan: what the ledger's rule made of it, and both sides' refunds. */
export function Ledger({ row, format }: { row: LedgerLoanJson | null; format: Format }) {
  const { t } = useTranslation()
  if (!row) return <Message>{t("bnpl.widget.notInLedger")}</Message>
  return (
    <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="bnpl-loan-ledger">
      <div className="flex items-center justify-between">
        <Text size="small" weight="plus" leading="compact">
          {t("bnpl.widget.ledger")}
        </Text>
        <StatusBadge color={STATE_COLOR[row.state]} data-testid="bnpl-loan-ledger-state">
          {t(`bnpl.ledgerState.${row.state}`)}
        </StatusBadge>
      </div>
      {row.attention_reason && (
        <Text size="small" leading="compact" className="text-ui-fg-error" data-testid="bnpl-loan-attention-reason">
          {`${t("bnpl.widget.attentionReason")}: ${row.attention_reason}`}
        </Text>
      )}
      <LabelledValue label={t("bnpl.widget.refundedAtService")} testId="bnpl-loan-refunded-service">
        {format.money(row.refunded_at_service, row.currency_code)}
      </LabelledValue>
      <LabelledValue label={t("bnpl.widget.refundedInMedusa")} testId="bnpl-loan-refunded-medusa">
        {format.money(row.refunded_in_medusa, row.currency_code)}
      </LabelledValue>
      {!row.refunds_agree && (
        <Text size="small" leading="compact" className="text-ui-fg-subtle" data-testid="bnpl-loan-refunds-disagree">
          {t("bnpl.widget.refundsDisagree")}
        </Text>
      )}
      <Link to={`/bnpl-loans?q=${encodeURIComponent(String(row.loan_id))}`} className="text-ui-fg-interactive txt-compact-small">
        {t("bnpl.widget.openLoans")}
      </Link>
    </div>
  )
}
