import { model } from "@medusajs/framework/utils"

/**
 * One loan the plugin created at the financing service, from the moment the
 * service answered with its `loanId` until it reaches a final state. See
 * ../index.ts for who writes it and the rule it keeps.
 *
 * Amounts are Medusa's `bigNumber`, in the currency's major units: each column
 * beside its exact value (`raw_amount`), compared in cents, never summed in floats.
 */
export const BnplLoan = model
  .define("bnpl_loan", {
    id: model.id({ prefix: "bnplloan" }).primaryKey(),
    /** The service's identifier of the loan. */
    loan_id: model.number().unique(),
    /**
     * What the loan pays (modules/bnpl/holder.ts): a cart at checkout, or an order's payment
     * collection (its balance through Medusa's payment link, or a sale by phone).
     */
    holder: model.enum(["cart", "order_balance"]).default("cart"),
    /** The loan's `cartId` at the service: the cart's id, or the name the plugin gave an order's payment. */
    service_cart_id: model.text().index("IDX_bnpl_loan_service_cart_id"),
    /** The payment collection the loan pays into; an order balance's always has it. */
    payment_collection_id: model.text().nullable(),
    /** The payment session that held the loan; Medusa may delete the session, the row stays. */
    payment_session_id: model.text().index("IDX_bnpl_loan_payment_session_id").nullable(),
    /** The service's checkout page for the loan, so a session that takes the loan over can send the customer back. */
    checkout_url: model.text().nullable(),
    amount: model.bigNumber(),
    currency_code: model.text(),
    /** The loan's status at the service when the plugin last looked. */
    loan_status: model.enum(["REQUEST", "OUTSTANDING", "HISTORICAL", "CANCELLED"]).default("REQUEST"),
    /** The order whose payment the loan is. */
    order_id: model.text().nullable(),
    /** What the service's refund history shows refunded on this loan. */
    refunded_at_service: model.bigNumber().default(0),
    /** What Medusa's refund records on the order's payment add up to. */
    refunded_in_medusa: model.bigNumber().default(0),
    state: model.enum(["open", "ordered", "cancelled", "refunded", "needs_attention"]).default("open"),
    /** Why the loan needs the admin, in words an admin can act on. */
    attention_reason: model.text().nullable(),
    /** A second order that may hold the same cart (a completion cut short by a crash): the admin cancels one. */
    suspect_order_id: model.text().nullable(),
    /**
     * Set when a completion of the cart with this loan starts, cleared when the loan is an
     * order's payment: still set at the next confirmation means the last one died or failed,
     * the only time the plugin looks for an order a crash may have left beside the cart's.
     */
    completion_started_at: model.dateTime().nullable(),
    /** Failed completions of the cart since the loan was seen paid. */
    completion_failures: model.number().default(0),
    /**
     * When reconciliation last compared this loan's refunds with the service's. Empty on a
     * new order, so the next run compares at once: a refund made at the service before the
     * order existed is found then, not hours later.
     */
    checked_at: model.dateTime().nullable(),
  })
  .indexes([{ name: "IDX_bnpl_loan_state", on: ["state"] }])
