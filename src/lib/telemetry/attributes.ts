import type { Attributes } from "@medusajs/framework/opentelemetry/api"
import type { LoanHolder } from "../../modules/bnpl/holder"

/**
 * The plugin's attribute names. Values are ids, states, counts and outcomes only: no token,
 * phone number, email, name or checkout link ever becomes an attribute, so an attribute is built
 * from these fields and nothing else (integration-tests/http/observability.spec.ts searches every
 * value for them).
 */
export const ATTR = {
  OPERATION: "bnpl.operation",
  LOAN_ID: "bnpl.loan.id",
  CART_ID: "bnpl.cart_id",
  HOLDER_KIND: "bnpl.holder.kind",
  HOLDER_ID: "bnpl.holder.id",
  CHANNEL: "bnpl.loan.channel",
  ORDER_ID: "bnpl.order.id",
  WEBHOOK_AUTH: "bnpl.webhook.authentication",
  WEBHOOK_VERDICT: "bnpl.webhook.verdict",
  WEBHOOK_OUTCOME: "bnpl.webhook.outcome",
  CONFIRMATION_OUTCOME: "bnpl.confirmation.outcome",
  REFUND_BOOKED: "bnpl.refund.booked",
  REFUND_SENT: "bnpl.refund.sent",
  REFUND_OUTCOME: "bnpl.refund.outcome",
  RECONCILIATION_TRIGGER: "bnpl.reconciliation.trigger",
  RECONCILIATION_OUTCOME: "bnpl.reconciliation.outcome",
  // OpenTelemetry's semantic conventions
  HTTP_METHOD: "http.request.method",
  HTTP_STATUS: "http.response.status_code",
  HTTP_RESEND_COUNT: "http.request.resend_count",
  URL_TEMPLATE: "url.template",
  SERVER_ADDRESS: "server.address",
  SERVER_PORT: "server.port",
  ERROR_TYPE: "error.type",
} as const

/** What a loan pays, as attributes: the holder's kind and Medusa id. */
export function holderAttributes(holder: LoanHolder): Attributes {
  return {
    [ATTR.HOLDER_KIND]: holder.type,
    [ATTR.HOLDER_ID]: holder.type === "cart" ? holder.cart_id : holder.payment_collection_id,
  }
}
