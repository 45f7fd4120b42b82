import { Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { isPaid } from "../../../lib/service/loan-payment"
import type { Customer, LoanRecord } from "../../../lib/service/wire"

/** The service fills the customer only once the first installment is paid (docs/service-api.md). */
export function CustomerRows({ loan }: { loan: LoanRecord }) {
  const { t } = useTranslation()
  const name = fullName(loan.customer)
  const { email, phone } = loan.customer
  if (!isPaid(loan) || !(name || email || phone)) return null
  return (
    <div className="px-6 py-4" data-testid="bnpl-loan-customer">
      <Text size="small" weight="plus" leading="compact" className="mb-2">
        {t("bnpl.widget.customer")}
      </Text>
      <div className="text-ui-fg-subtle flex flex-col gap-y-1">
        {name && <Text size="small" leading="compact">{`${t("bnpl.widget.name")}: ${name}`}</Text>}
        {email && <Text size="small" leading="compact">{`${t("bnpl.widget.email")}: ${email}`}</Text>}
        {phone && <Text size="small" leading="compact">{`${t("bnpl.widget.phone")}: ${phone}`}</Text>}
      </div>
    </div>
  )
}

function fullName(customer: Customer): string {
  return [customer.firstName, customer.lastName, customer.motherLastName].filter(Boolean).join(" ")
}
