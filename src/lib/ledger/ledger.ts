import type { MedusaContainer } from "@medusajs/framework/types"
import { BNPL_LEDGER_MODULE } from "../../modules/bnpl/key"
import type { BnplLedgerService } from "../../modules/bnpl/service"
import type { LedgerLoan } from "../../modules/bnpl/types"

export const ledgerOf = (container: MedusaContainer): BnplLedgerService => container.resolve(BNPL_LEDGER_MODULE)

export const rowOfLoan = (container: MedusaContainer, loanId: number): Promise<LedgerLoan | undefined> =>
  ledgerOf(container).findLoan({ loan_id: loanId })

/**
 * A loan no order holds yet: its row is open, or on the attention list only because its
 * completions failed (no order recorded, no look-alike beside it). An order found holding the
 * loan's payment later (a completion that finished after it was counted as failed, an event
 * that came late) makes it that order's payment; every other listing stays for the admin.
 */
export const awaitsOrder = (row: LedgerLoan): boolean =>
  row.state === "open" || (row.state === "needs_attention" && !row.order_id && !row.suspect_order_id)
