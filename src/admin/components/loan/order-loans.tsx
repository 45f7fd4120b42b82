import { Button, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { LoanView } from "../../../api/admin/bnpl/orders/loan-view"
import type { Format } from "../../lib/format"

/** An order paid by several loans (its checkout's, then a balance's): each, with what it paid for; the one shown is chosen here. */
export function OrderLoans({ view, format, onSelect }: { view: LoanView; format: Format; onSelect: (loanId: number) => void }) {
  const { t } = useTranslation()
  const loans = view.order_loans ?? []
  if (loans.length < 2) return null
  return (
    <div className="px-6 py-4" data-testid="bnpl-order-loans">
      <Text size="small" weight="plus" leading="compact" className="mb-2">
        {t("bnpl.widget.orderLoans")}
      </Text>
      <ul className="flex flex-col gap-y-1">
        {loans.map((entry) => (
          <li key={entry.loan_id} className="flex items-center justify-between gap-x-2" data-testid="bnpl-order-loan">
            <Button
              size="small"
              variant={entry.loan_id === view.loan_id ? "primary" : "transparent"}
              onClick={() => onSelect(entry.loan_id)}
              data-testid={`bnpl-order-loan-${entry.loan_id}`}
            >
              {entry.loan_id}
            </Button>
            <Text size="small" leading="compact" className="text-ui-fg-subtle">
              {[
                t(`bnpl.widget.pays.${entry.pays}`),
                format.money(entry.amount, entry.currency_code),
                entry.canceled ? t("bnpl.widget.canceledPayment") : null,
              ]
                .filter(Boolean)
                .join(" · ")}
            </Text>
          </li>
        ))}
      </ul>
    </div>
  )
}
