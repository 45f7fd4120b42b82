import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { Button, Container, Heading, StatusBadge, Text } from "@medusajs/ui"
import { type ReactNode, useState } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router-dom"
import type { LedgerLoanJson } from "../../api/admin/bnpl/loans/ledger-view"
import type { LoanEntry, LoanView } from "../../api/admin/bnpl/orders/loan-view"
import type { Customer, LoanRecord, RefundRecord } from "../../lib/bnpl/wire"
import { WebhookDeliveries } from "../components/webhook-deliveries"
import { STATE_COLOR, STATUS_COLOR } from "../lib/badges"
import { type LoanFailure, loanFailure, useOrderLoan } from "../lib/bnpl-loan-api"
import { type Format, formatFor } from "../lib/format"

/**
 * The loan of an order paid in installments, on the order page: the live
 * loan at the service, and the plugin's ledger row beside it. Whether the
 * order was paid that way is read from the order the page already holds;
 * when the page did not load its payments, the route's 404 decides. Any
 * failure is said plainly in the widget: the order page must never break.
 */
/** Medusa names the plugin's provider `pp_bnpl_{id}`, whatever id the store gave it. */
const PROVIDER_PREFIX = "pp_bnpl_"

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

function FailureMessage({ failure }: { failure: Exclude<LoanFailure, { kind: "none" }> }) {
  const { t } = useTranslation()
  switch (failure.kind) {
    case "unreachable":
      return <Message error>{t("bnpl.widget.unreachable")}</Message>
    case "failed":
      return <Message error>{t("bnpl.widget.failed", { status: failure.status })}</Message>
    default: {
      const unhandled: never = failure
      return unhandled
    }
  }
}

function Loan({ view, format, currency }: { view: LoanView; format: Format; currency: string }) {
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

/** An order placed before its financing: not to be shipped until the loan's first installment is paid. */
function AwaitingFinancing({ checkoutUrl }: { checkoutUrl: string | null }) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-y-1 px-6 py-4" data-testid="bnpl-loan-awaiting-financing">
      <StatusBadge color="orange">{t("bnpl.widget.awaitingFinancing")}</StatusBadge>
      <Text size="small" leading="compact" className="text-ui-fg-subtle">
        {t("bnpl.widget.awaitingFinancingHelp")}
      </Text>
      {checkoutUrl && (
        <Text size="small" leading="compact" className="break-all">
          {`${t("bnpl.widget.checkoutLink")}: `}
          <a href={checkoutUrl} target="_blank" rel="noreferrer" className="text-ui-fg-interactive" data-testid="bnpl-loan-checkout-link">
            {checkoutUrl}
          </a>
        </Text>
      )}
    </div>
  )
}

/** The plugin's own record of the loan: what the ledger's rule made of it, and both sides' refunds. */
function Ledger({ row, format }: { row: LedgerLoanJson | null; format: Format }) {
  const { t } = useTranslation()
  if (!row) return <Message>{t("bnpl.widget.notInLedger")}</Message>
  const disagree = Number(row.refunded_at_service) !== Number(row.refunded_in_medusa)
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
      {disagree && (
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

function LabelledValue({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="text-ui-fg-subtle flex justify-between gap-x-2">
      <Text size="small" leading="compact">
        {label}
      </Text>
      <Text size="small" leading="compact" data-testid={testId}>
        {children}
      </Text>
    </div>
  )
}

function LoanBadge({ loan, testId }: { loan: Pick<LoanRecord, "status">; testId?: string }) {
  const { t } = useTranslation()
  return (
    <StatusBadge color={STATUS_COLOR[loan.status]} data-testid={testId}>
      {`${t(`bnpl.loanStatus.${loan.status}`)} (${loan.status})`}
    </StatusBadge>
  )
}

/** The service fills the customer only once the first installment is paid (docs/service-api.md). */
function CustomerRows({ loan }: { loan: LoanRecord }) {
  const { t } = useTranslation()
  const paid = loan.status === "OUTSTANDING" || loan.status === "HISTORICAL"
  const name = fullName(loan.customer)
  const { email, phone } = loan.customer
  if (!paid || !(name || email || phone)) return null
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

/** The service's refund history as it reports it: a status and a date per refund, no amount (Medusa's own refund list shows those). */
function Refunds({ refunds, format }: { refunds: RefundRecord[]; format: Format }) {
  const { t } = useTranslation()
  return (
    <div className="px-6 py-4" data-testid="bnpl-loan-refunds">
      <Text size="small" weight="plus" leading="compact" className="mb-2">
        {t("bnpl.widget.refunds")}
      </Text>
      {refunds.length === 0 ? (
        <Text size="small" leading="compact" className="text-ui-fg-subtle">
          {t("bnpl.widget.noRefunds")}
        </Text>
      ) : (
        <ul className="text-ui-fg-subtle flex flex-col gap-y-1">
          {refunds.map((refund, index) => (
            <li key={index} className="flex justify-between gap-x-2" data-testid="bnpl-loan-refund">
              <Text size="small" leading="compact">{`${t(`bnpl.widget.refundStatus.${refund.status}`)} · ${format.date(refund.refundDate)}`}</Text>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** An order paid by several loans (its checkout's, then a balance's): each, with what it paid for; the one shown is chosen here. */
function OrderLoans({ view, format, onSelect }: { view: LoanView; format: Format; onSelect: (loanId: number) => void }) {
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

function OtherLoans({ loans }: { loans: LoanEntry[] }) {
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

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="text-ui-fg-subtle grid grid-cols-2 items-center px-6 py-4">
      <Text size="small" weight="plus" leading="compact">
        {label}
      </Text>
      <Text size="small" leading="compact" as="div">
        {children}
      </Text>
    </div>
  )
}

function Message({ children, error = false }: { children: ReactNode; error?: boolean }) {
  return (
    <div className="px-6 py-4" role={error ? "alert" : undefined} data-testid={error ? "bnpl-loan-error" : undefined}>
      <Text size="small" leading="compact" className={error ? "text-ui-fg-error" : "text-ui-fg-subtle"}>
        {children}
      </Text>
    </div>
  )
}

/**
 * true or false when the order's payments are in the page's data, undefined
 * when they are not (then the route decides).
 */
function paidThroughBnpl(order: AdminOrder): boolean | undefined {
  const collections: Array<{ payments?: Array<{ provider_id: string }> }> | undefined = order.payment_collections
  if (!collections || collections.some((collection) => !collection.payments)) return undefined
  // No payment at all: an order placed before its financing, or another method's not yet paid; the route decides.
  if (collections.every((collection) => !collection.payments?.length)) return undefined
  return collections.some((collection) => collection.payments?.some((payment) => payment.provider_id?.startsWith(PROVIDER_PREFIX)))
}

function fullName(customer: Customer): string {
  return [customer.firstName, customer.lastName, customer.motherLastName].filter(Boolean).join(" ")
}

export const config = defineWidgetConfig({
  zone: "order.details.side",
})

export default BnplLoanWidget
