import { model } from "@medusajs/framework/utils"

/**
 * The plugin's book of refunds: the service's refund history holds no amount, no refund id
 * and no loan (docs/service-api.md, "Refunds"), so what was refunded on a loan is known only
 * from here.
 *
 * Two kinds of entry:
 * - `requested`: a refund the plugin or Medusa asked the service for, with its amount.
 *   `sending` until the reply; `accepted` or `rejected` by the reply; `unknown` when the reply
 *   was lost and the history did not show it applied (the loan is listed, never sent again).
 * - `outside`: an entry of the service's history that nothing in the book explains (a refund
 *   made in the service's portal), of unknown amount: `open` until the admin records its
 *   amount (`recorded`) or dismisses it (`dismissed`).
 */
export const BnplRefund = model.define("bnpl_refund", {
  id: model.id({ prefix: "bnplref" }).primaryKey(),
  /** The service's loan the refund belongs to. */
  loan_id: model.number(),
  /** The `cartId` the service knows the loan by. */
  service_cart_id: model.text().index("IDX_bnpl_refund_service_cart_id"),
  kind: model.enum(["requested", "outside"]),
  state: model.enum(["sending", "accepted", "rejected", "unknown", "open", "recorded", "dismissed"]),
  /** Major units; empty for an outside refund until the admin records it. */
  amount: model.bigNumber().nullable(),
  reason: model.text().nullable(),
  /** The Medusa refund that records it, when one does. */
  medusa_refund_id: model.text().nullable(),
  /** One request per key: a repeat finds this entry instead of sending again. */
  idempotency_key: model.text().unique().nullable(),
  /** The service's reply: `refundId`, `refundDate`, `refundStatus`; for an outside refund, the history's date. */
  refund_id: model.text().nullable(),
  refund_date: model.text().nullable(),
  refund_status: model.text().nullable(),
  /** Who recorded or dismissed an outside refund, and why. */
  note: model.text().nullable(),
})
