import CartModule from "@medusajs/medusa/cart"
import { defineLink } from "@medusajs/framework/utils"
import BnplLedgerModule from "../modules/bnpl"

/**
 * A ledger row's cart, order and payment collection, for `query.graph` (`bnpl_loan` with
 * `cart.*`, `order.*`, `payment_collection.*`). Read-only: the row keeps each id in its own
 * column, so no link table is written and no workflow has to keep one in step. A cart's loan is
 * known at the service by the cart's id, so its `service_cart_id` is the cart's; an order
 * balance's row names no cart.
 */
export default defineLink({ linkable: BnplLedgerModule.linkable.bnplLoan, field: "service_cart_id" }, CartModule.linkable.cart, {
  readOnly: true,
})
