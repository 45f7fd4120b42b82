import type { LoanView } from "../http/control-api"
import { centsToDecimal, decimalToCents, numberToCents } from "../money"
import type { OutboxMessage, ReceivedRequest, WebhookDelivery } from "../state"
import { formatTable, shortTime } from "./table"

/** How the CLI shows what the control API answers. */

const pesos = (amount: number): string => centsToDecimal(numberToCents(amount))

function refundedTotal(loan: LoanView): string {
  return centsToDecimal(loan.refunds.reduce((sum, refund) => sum + decimalToCents(refund.totalAmount), 0))
}

export function loansTable(loans: LoanView[]): string {
  if (loans.length === 0) return "No loans yet."
  return formatTable(
    ["loanId", "cartId", "merchant", "status", "total", "refunded", "created", "paid", "link"],
    loans.map((loan) => [
      loan.loanId,
      loan.cartId,
      loan.merchantId,
      loan.status,
      pesos(loan.request.totalPrice),
      loan.refunds.length ? refundedTotal(loan) : null,
      shortTime(loan.createdAt),
      shortTime(loan.authorizeDate),
      loan.expired ? "expired" : "open",
    ]),
  )
}

export function loanDetails(loan: LoanView): string {
  const customer = Object.entries(loan.customer).map(([key, value]) => `  ${key}: ${value ?? "-"}`)
  const products = (loan.request.products ?? []).map((product) => [product.id, product.title, product.count, pesos(product.price)])
  const refunds = loan.refunds.map((refund) => [refund.refundId, refund.totalAmount, refund.status, shortTime(refund.refundDate), refund.reason])
  return [
    `Loan ${loan.loanId} · cart ${loan.cartId} · merchant ${loan.merchantId}`,
    `Status:       ${loan.status}${loan.expired ? " (checkout link expired)" : ""}`,
    `Total:        ${pesos(loan.request.totalPrice)} in ${loan.installments} installments`,
    `Created:      ${shortTime(loan.createdAt)}`,
    `Paid:         ${shortTime(loan.authorizeDate)}`,
    `Checkout:     ${loan.checkoutUrl}`,
    `Webhook URL:  ${loan.request.webHookUrl}`,
    ...(loan.posRequest
      ? [`In-store:     phone ${loan.posRequest.custLogin}, branch ${loan.posRequest.shopId}, commChannel ${loan.posRequest.commChannel}`]
      : []),
    "Customer:",
    ...customer,
    "",
    products.length ? formatTable(["externalId", "title", "count", "price"], products) : "No products sent.",
    "",
    refunds.length ? formatTable(["refundId", "amount", "status", "date", "reason"], refunds) : "No refunds.",
  ].join("\n")
}

export function deliveryLine(delivery: WebhookDelivery): string {
  const outcome = delivery.status === null ? `failed: ${delivery.error}` : `HTTP ${delivery.status}`
  const attempt = `Webhook for loan ${delivery.loanId}, attempt ${delivery.attempt}`
  return `${attempt} -> ${delivery.url}: ${outcome} (${delivery.durationMs} ms)`
}

export function requestsTable(requests: ReceivedRequest[]): string {
  if (requests.length === 0) return "No requests yet."
  return formatTable(
    ["at", "method", "path", "status", "fault"],
    requests.map((request) => [shortTime(request.at), request.method, request.path, request.status ?? "(no answer)", request.fault]),
  )
}

export function webhooksTable(deliveries: WebhookDelivery[]): string {
  if (deliveries.length === 0) return "No webhooks sent yet."
  return formatTable(
    ["at", "loanId", "cartId", "attempt", "status", "error", "ms", "duplicate", "url"],
    deliveries.map((delivery) => [
      shortTime(delivery.at),
      delivery.loanId,
      delivery.cartId,
      delivery.attempt,
      delivery.status,
      delivery.error,
      delivery.durationMs,
      delivery.duplicate,
      delivery.url,
    ]),
  )
}

export function outboxTable(messages: OutboxMessage[]): string {
  if (messages.length === 0) return "No messages sent yet."
  return formatTable(
    ["at", "channel", "phone", "cartId", "loanId", "link"],
    messages.map((message) => [shortTime(message.at), message.channel, message.phone, message.cartId, message.loanId, message.link]),
  )
}
