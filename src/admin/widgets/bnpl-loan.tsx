import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { Button, Container, Heading } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { FailureMessage } from "../components/loan/failure-message"
import { Loan } from "../components/loan/loan"
import { Message } from "../components/loan/message"
import { OrderLoans } from "../components/loan/order-loans"
import { loanFailure, useOrderLoan } from "../lib/bnpl-loan-api"
import { formatFor } from "../lib/format"
import { paidThroughBnpl } from "../lib/paid-through-bnpl"

/**
 * The loan of an order paid in installments, on the order page: the live
 * loan at the service, and the plugin's ledger row beside it. Whether the
 * order was paid that way is read from the order the page already holds;
 * when the page did not load its payments, the route's 404 decides. Any
 * failure is said plainly in the widget: the order page must never break.
 */
const BnplLoanWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const { t, i18n } = useTranslation()
  const paidWithBnpl = paidThroughBnpl(order)
  const [loanId, setLoanId] = useState<number | undefined>(undefined)
  const loan = useOrderLoan(order.id, paidWithBnpl !== false, loanId)
  const failure = loan.error ? loanFailure(loan.error) : undefined

  if (paidWithBnpl === false || failure?.kind === "none") return null
  const format = formatFor(i18n.language)
  const currency = order.currency_code

  return (
    <Container className="divide-y p-0" data-testid="bnpl-loan-widget">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">{t("bnpl.widget.title")}</Heading>
        <Button size="small" variant="secondary" onClick={() => void loan.refetch()} disabled={loan.isFetching} data-testid="bnpl-loan-refresh">
          {loan.isFetching ? t("bnpl.widget.refreshing") : t("bnpl.widget.refresh")}
        </Button>
      </div>
      {failure ? (
        <FailureMessage failure={failure} />
      ) : loan.data ? (
        <>
          <OrderLoans view={loan.data} format={format} onSelect={setLoanId} />
          <Loan view={loan.data} format={format} currency={currency} />
        </>
      ) : (
        <Message>{t("bnpl.widget.loading")}</Message>
      )}
    </Container>
  )
}

export const config = defineWidgetConfig({
  zone: "order.details.side",
})

export default BnplLoanWidget
