import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { Button, Container, Heading, StatusBadge, Text } from "@medusajs/ui"
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react"
import type { LoanEntry, LoanView } from "../../api/admin/bnpl/orders/loan-view"
import type { Customer, LoanRecord, RefundRecord } from "../../providers/bnpl/wire"
import { fetchLoan, type LoanResult } from "../lib/bnpl-loan-api"
import { LABELS, type Labels, type Language, STATUS_COLOR, adminLanguage } from "../lib/bnpl-loan-labels"

/**
 * The live loan of an order paid in installments, on the order page. Whether
 * the order was paid that way is read from the order the page already holds;
 * when the page did not load its payments, the route's 404 decides. Any
 * failure is said plainly in the widget: the order page must never break.
 */
const PROVIDER_ID = "pp_bnpl_bnpl"

type State = { kind: "loading" } | LoanResult

const BnplLoanWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const paidWithBnpl = useMemo(() => paidThroughBnpl(order), [order])
  const language = useMemo(adminLanguage, [])
  const labels = LABELS[language]
  const [state, setState] = useState<State>({ kind: "loading" })
  const [refreshing, setRefreshing] = useState(false)
  const latest = useRef(0)

  const load = useCallback(async () => {
    const request = ++latest.current
    setRefreshing(true)
    const result = await fetchLoan(order.id)
    // A slower, older answer must not overwrite a newer one (or touch an unmounted widget).
    if (request !== latest.current) return
    setState(result)
    setRefreshing(false)
  }, [order.id])

  useEffect(() => {
    if (paidWithBnpl !== false) void load()
    return () => {
      latest.current++
    }
  }, [load, paidWithBnpl])

  if (paidWithBnpl === false || state.kind === "none") return null

  return (
    <Container className="divide-y p-0" data-testid="bnpl-loan-widget">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">{labels.title}</Heading>
        <Button size="small" variant="secondary" onClick={() => void load()} disabled={refreshing} data-testid="bnpl-loan-refresh">
          {refreshing ? labels.refreshing : labels.refresh}
        </Button>
      </div>
      <Body state={state} labels={labels} format={formatters(order.currency_code, language)} />
    </Container>
  )
}

function Body({ state, labels, format }: { state: State; labels: Labels; format: Format }) {
  switch (state.kind) {
    case "loading":
      return <Message>{labels.loading}</Message>
    case "unreachable":
      return <Message error>{labels.unreachable}</Message>
    case "failed":
      return <Message error>{labels.failed(state.status)}</Message>
    case "loaded":
      return <Loan view={state.view} labels={labels} format={format} />
    case "none":
      return null
  }
}

interface Format {
  money: (amount: string) => string
  date: (iso: string) => string
}

function Loan({ view, labels, format }: { view: LoanView; labels: Labels; format: Format }) {
  const { loan } = view
  const others = view.loans.filter((entry) => !entry.is_order_loan)
  return (
    <>
      <Row label={labels.loan}>
        <span className="flex items-center gap-x-2">
          <span data-testid="bnpl-loan-id">{view.loan_id}</span>
          {loan && <LoanBadge loan={loan} labels={labels} testId="bnpl-loan-status" />}
        </span>
      </Row>
      {loan ? (
        <>
          <Row label={labels.installments}>{loan.installments}</Row>
          <Row label={labels.total}>{format.money(loan.totalAmount)}</Row>
          <Row label={labels.authorizeDate}>{format.date(loan.authorizeDate)}</Row>
          <CustomerRows loan={loan} labels={labels} />
        </>
      ) : (
        <Message>{labels.notListed}</Message>
      )}
      <Refunds refunds={view.refunds} labels={labels} format={format} />
      {others.length > 0 && <OtherLoans loans={others} labels={labels} />}
    </>
  )
}

function LoanBadge({ loan, labels, testId }: { loan: Pick<LoanRecord, "status">; labels: Labels; testId?: string }) {
  return (
    <StatusBadge color={STATUS_COLOR[loan.status]} data-testid={testId}>
      {`${labels.status[loan.status]} (${loan.status})`}
    </StatusBadge>
  )
}

/** The service fills the customer only once the first installment is paid (spec 2.3). */
function CustomerRows({ loan, labels }: { loan: LoanRecord; labels: Labels }) {
  const paid = loan.status === "OUTSTANDING" || loan.status === "HISTORICAL"
  const name = fullName(loan.customer)
  const { email, phone } = loan.customer
  if (!paid || !(name || email || phone)) return null
  return (
    <div className="px-6 py-4" data-testid="bnpl-loan-customer">
      <Text size="small" weight="plus" leading="compact" className="mb-2">
        {labels.customer}
      </Text>
      <div className="text-ui-fg-subtle flex flex-col gap-y-1">
        {name && <Text size="small" leading="compact">{`${labels.name}: ${name}`}</Text>}
        {email && <Text size="small" leading="compact">{`${labels.email}: ${email}`}</Text>}
        {phone && <Text size="small" leading="compact">{`${labels.phone}: ${phone}`}</Text>}
      </div>
    </div>
  )
}

function Refunds({ refunds, labels, format }: { refunds: RefundRecord[]; labels: Labels; format: Format }) {
  return (
    <div className="px-6 py-4" data-testid="bnpl-loan-refunds">
      <Text size="small" weight="plus" leading="compact" className="mb-2">
        {labels.refunds}
      </Text>
      {refunds.length === 0 ? (
        <Text size="small" leading="compact" className="text-ui-fg-subtle">
          {labels.noRefunds}
        </Text>
      ) : (
        <ul className="text-ui-fg-subtle flex flex-col gap-y-1">
          {refunds.map((refund, index) => (
            <li key={refund.refundId ?? index} className="flex justify-between gap-x-2">
              <Text size="small" leading="compact">
                {refund.totalAmount ? format.money(refund.totalAmount) : "—"}
              </Text>
              <Text size="small" leading="compact">{`${labels.refundStatus[refund.status]} · ${format.date(refund.refundDate)}`}</Text>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function OtherLoans({ loans, labels }: { loans: LoanEntry[]; labels: Labels }) {
  return (
    <div className="px-6 py-4">
      <Text size="small" weight="plus" leading="compact" className="mb-2">
        {labels.otherLoans}
      </Text>
      <ul className="flex flex-col gap-y-1">
        {loans.map((loan) => (
          <li key={loan.loanId} className="flex items-center justify-between">
            <Text size="small" leading="compact" className="text-ui-fg-subtle">
              {loan.loanId}
            </Text>
            <LoanBadge loan={loan} labels={labels} />
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
  return collections.some((collection) => collection.payments?.some((payment) => payment.provider_id === PROVIDER_ID))
}

function fullName(customer: Customer): string {
  return [customer.firstName, customer.lastName, customer.motherLastName].filter(Boolean).join(" ")
}

function formatters(currency: string, language: Language): Format {
  const locale = language === "es" ? "es-MX" : "en-US"
  const money = safeFormat(() => new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase() }))
  const date = safeFormat(() => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }))
  return {
    money: (amount) => (money ? money.format(Number(amount)) : `${amount} ${currency.toUpperCase()}`),
    date: (iso) => {
      const parsed = new Date(iso)
      return date && !Number.isNaN(parsed.getTime()) ? date.format(parsed) : iso
    },
  }
}

function safeFormat<T>(make: () => T): T | undefined {
  try {
    return make()
  } catch {
    return undefined // an unknown currency code: show the raw value rather than break the page
  }
}

export const config = defineWidgetConfig({
  zone: "order.details.side",
})

export default BnplLoanWidget
