import type { MedusaContainer } from "@medusajs/framework/types"
import type { BookEntry } from "../../modules/bnpl/types"
import { bnplFromContainer } from "../options/resolve-options"
import type { LoanRecord, RefundRecord } from "../service/wire"
import { ledgerOf } from "./ledger"

/**
 * A loan as the service and the plugin's book show it: what every decision about a paid loan
 * reads (the confirmation, the refund check, a refund, the storefront's completion, the admin's
 * widget). The service knows loans and refunds by `cartId` only, so all three are the cartId's.
 */
export interface LoanAtService {
  /** The loan asked for, as the status query shows it; undefined when the service lists no such loan. */
  loan?: LoanRecord
  /** Every loan of the cartId (the status query). */
  loans: LoanRecord[]
  /** The cartId's refund history: no amounts, no loan ids (docs/service-api.md, "Refunds"). */
  history: RefundRecord[]
  /** The plugin's book of refunds of the cartId (refund-book.ts). */
  book: BookEntry[]
}

/** The plugin's book of refunds of a cartId, oldest first. */
export const bookOfCart = (container: MedusaContainer, cartId: string): Promise<BookEntry[]> => ledgerOf(container).listBookOfCart(cartId)

/**
 * The status query, the refund history and the book of the loan's cartId, read at once: each
 * waits on a different server. `loans`: the status query's answer, when the caller has it already
 * (a paid loan found among them is the one that needs its history and book). Reads only.
 */
export async function loanAtService(
  container: MedusaContainer,
  cartId: string,
  loanId?: number,
  known: { loans?: LoanRecord[] } = {},
): Promise<LoanAtService> {
  const { client } = bnplFromContainer(container)
  const [loans, history, book] = await Promise.all([known.loans ?? client.getLoans(cartId), client.getRefunds(cartId), bookOfCart(container, cartId)])
  return { loan: loanId === undefined ? undefined : loans.find((candidate) => candidate.loanId === loanId), loans, history, book }
}
