import { Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { LoanEntry } from "../../../api/admin/bnpl/orders/loan-view"
import { LoanBadge } from "./loan-badge"

/** The cart's other loans at the service (abandoned ones, or made for an earlier total), each with its status. */
export function OtherLoans({ loans }: { loans: LoanEntry[] }) {
  const { t } = useTranslation()
  return (
    <div className="px-6 py-4">
      <Text size="small" weight="plus" leading="compact" className="mb-2">
        {t("bnpl.widget.otherLoans")}
      </Text>
      <ul className="flex flex-col gap-y-1">
        {loans.map((loan) => (
          <li key={loan.loanId} className="flex items-center justify-between">
            <Text size="small" leading="compact" className="text-ui-fg-subtle">
              {loan.loanId}
            </Text>
            <LoanBadge loan={loan} />
          </li>
        ))}
      </ul>
    </div>
  )
}
