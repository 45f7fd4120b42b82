import { StatusBadge } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { LoanRecord } from "../../../lib/service/wire"
import { STATUS_COLOR } from "../../lib/badges"

/** A loan's status at the service: in the admin's words, and as the service names it. */
export function LoanBadge({ loan, testId }: { loan: Pick<LoanRecord, "status">; testId?: string }) {
  const { t } = useTranslation()
  return (
    <StatusBadge color={STATUS_COLOR[loan.status]} data-testid={testId}>
      {`${t(`bnpl.loanStatus.${loan.status}`)} (${loan.status})`}
    </StatusBadge>
  )
}
