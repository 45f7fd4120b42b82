import type { MedusaContainer } from "@medusajs/framework/types"
import { BNPL_LEDGER_MODULE } from "../../modules/bnpl/key"
import type { BnplLedgerService } from "../../modules/bnpl/service"
import type { LedgerLoan } from "../../modules/bnpl/types"
import type { LoanHolder } from "../../modules/bnpl/holder"

export const ledgerOf = (container: MedusaContainer): BnplLedgerService => container.resolve(BNPL_LEDGER_MODULE)

export const rowOfLoan = (container: MedusaContainer, loanId: number): Promise<LedgerLoan | undefined> =>
  ledgerOf(container).findLoan({ loan_id: loanId })

/**
 * Which loans pay this holder and are not decided yet: every loan of a cart, or of an order
 * balance's payment collection however it was made (Medusa's payment link, each sale by phone),
 * read from the holder each row records.
 */
export const undecidedLoansOf = (container: MedusaContainer, holder: LoanHolder): Promise<LedgerLoan[]> =>
  ledgerOf(container).listUndecidedLoansPaying(
    holder.type === "cart" ? { cart_id: holder.cart_id } : { payment_collection_id: holder.payment_collection_id },
  )

/**
 * A loan no order holds yet: its row is open, or on the attention list only because its
 * completions failed (no order recorded, no look-alike beside it). An order found holding the
 * loan's payment later (a completion that finished after it was counted as failed, an event
 * that came late) makes it that order's payment; every other listing stays for the admin.
 */
export const awaitsOrder = (row: LedgerLoan): boolean =>
  row.state === "open" || (row.state === "needs_attention" && !row.order_id && !row.suspect_order_id)
