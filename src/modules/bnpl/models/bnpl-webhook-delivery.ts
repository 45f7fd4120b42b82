import { model } from "@medusajs/framework/utils"

/**
 * One request to the webhook route (POST /hooks/bnpl), whatever became of it: when, whether it
 * proved its origin, what the route made of it and the HTTP status it answered. Never a header
 * value, a token or the body: only the loan and cart it names, once authenticated. A log only:
 * deliveries older than 30 days are deleted by an hourly job (jobs/prune-webhook-deliveries.ts).
 */
export const BnplWebhookDelivery = model
  .define("bnpl_webhook_delivery", {
    id: model.id({ prefix: "bnplwh" }).primaryKey(),
    received_at: model.dateTime(),
    /** The loan the notification names; null when the route stopped before reading the body. */
    loan_id: model.number().nullable(),
    /** The `cartId` the notification names. */
    service_cart_id: model.text().nullable(),
    /** `accepted`, `rejected`, `not_required` (webhookAuth none), or `not_checked` (refused by address first). */
    auth: model.enum(["accepted", "rejected", "not_required", "not_checked"]),
    /** What the route made of it: `rejected`, `authorized`, `already_authorized`, `not_paid`, … or `error`. */
    outcome: model.text(),
    /** Why, when the route says more than the outcome (a rejection's reason, a failure's message). */
    reason: model.text().nullable(),
    http_status: model.number(),
  })
  .indexes([
    { name: "IDX_bnpl_webhook_delivery_loan_id", on: ["loan_id"] },
    { name: "IDX_bnpl_webhook_delivery_received_at", on: ["received_at"] },
  ])
