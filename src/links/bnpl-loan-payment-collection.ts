import PaymentModule from "@medusajs/medusa/payment"
import { defineLink } from "@medusajs/framework/utils"
import BnplLedgerModule from "../modules/bnpl"

/** Read-only: the ledger row keeps the id in `payment_collection_id`, so no link table is written (see bnpl-loan-cart.ts). */
export default defineLink(
  { linkable: BnplLedgerModule.linkable.bnplLoan, field: "payment_collection_id" },
  PaymentModule.linkable.paymentCollection,
  { readOnly: true },
)
