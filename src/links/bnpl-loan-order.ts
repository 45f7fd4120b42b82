import OrderModule from "@medusajs/medusa/order"
import { defineLink } from "@medusajs/framework/utils"
import BnplLedgerModule from "../modules/bnpl"

/** Read-only: the ledger row keeps the id in `order_id`, so no link table is written (see bnpl-loan-cart.ts). */
export default defineLink({ linkable: BnplLedgerModule.linkable.bnplLoan, field: "order_id" }, OrderModule.linkable.order, { readOnly: true })
