import { useTranslation } from "react-i18next"
import type { LoanView } from "../../../api/admin/bnpl/orders/loan-view"
import type { Format } from "../../lib/format"
import { WebhookDeliveries } from "../webhook-deliveries"
import { AwaitingFinancing } from "./awaiting-financing"
import { CustomerRows } from "./customer-rows"
import { Ledger } from "./ledger"
import { LoanBadge } from "./loan-badge"
import { Message } from "./message"
import { OtherLoans } from "./other-loans"
import { Refunds } from "./refunds"
import { Row } from "./row"

/** The loan shown: the service's live record of it, the ledger's row, both refund histories, its webhook deliveries. */
export function Loan({ view, format, currency }: { view: LoanView; format: Format; currency: string }) {
  const { t } = useTranslation()
  const { loan } = view
  const others = view.loans.filter((entry) => !entry.is_order_loan)
  return (
    <>
      {view.awaiting_financing && <AwaitingFinancing checkoutUrl={view.checkout_url} />}
      <Row label={t("bnpl.widget.loan")}>
        <span className="flex items-center gap-x-2">
          <span data-testid="bnpl-loan-id">{view.loan_id}</span>
          {loan && <LoanBadge loan={loan} testId="bnpl-loan-status" />}
        </span>
      </Row>
      {loan ? (
        <>
          <Row label={t("bnpl.widget.installments")}>{loan.installments}</Row>
          <Row label={t("bnpl.widget.total")}>{format.money(loan.totalAmount, currency)}</Row>
          <Row label={t("bnpl.widget.authorizeDate")}>{format.date(loan.authorizeDate)}</Row>
          <CustomerRows loan={loan} />
        </>
      ) : (
        <Message>{t("bnpl.widget.notListed")}</Message>
      )}
      <Ledger row={view.ledger} format={format} />
      <Refunds refunds={view.refunds} format={format} />
      <WebhookDeliveries loanId={view.loan_id} />
      {others.length > 0 && <OtherLoans loans={others} />}
    </>
  )
}
