import { model } from "@medusajs/framework/utils"

/**
 * A loan creation the plugin sent to the service under a `cartId` it chose (a sale by phone),
 * written before the request goes out. The service refuses that `cartId` ever again, so when the
 * reply is lost this row is the only place that still knows where a loan may have been made: the
 * status query of its `cartId` settles it, before anything more is sent for its collection, at
 * the next reconciliation, or when the loan's webhook arrives. `settled_at` is set once every
 * loan the query lists under it has its `bnpl_loan` row.
 */
export const BnplLoanRequest = model
  .define("bnpl_loan_request", {
    id: model.id({ prefix: "bnplreq" }).primaryKey(),
    /** The `cartId` the request gave the service. */
    service_cart_id: model.text().unique(),
    /** What the loan would pay (modules/bnpl/holder.ts). */
    holder: model.enum(["cart", "order_balance"]),
    payment_collection_id: model.text().nullable(),
    amount: model.bigNumber(),
    currency_code: model.text(),
    settled_at: model.dateTime().nullable(),
  })
  .indexes([{ name: "IDX_bnpl_loan_request_unsettled", on: ["payment_collection_id"], where: "settled_at IS NULL" }])
