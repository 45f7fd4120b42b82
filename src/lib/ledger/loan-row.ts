import type { MedusaContainer } from "@medusajs/framework/types"
import type { SessionData } from "../medusa/session-data"
import type { LoanRecord } from "../service/wire"
import type { LedgerLoan } from "../../modules/bnpl/types"
import { recordNewLoan } from "./emit-events"
import { holdersOfServiceCarts } from "./holders"
import { ledgerOf, rowOfLoan } from "./ledger"

/**
 * A new loan's ledger row. Every row is written by recordLoanOfSession, from what the loan's
 * payment session holds, whoever meets the loan first: the session's route, the confirmation,
 * reconciliation's backfill, a completion's rollback. Called from workflow steps and from a
 * completion the plugin runs (one-writer.unit.spec.ts).
 */
export interface LoanOfSession {
  /** What the loan pays (holder.ts). */
  holder: LedgerLoan["holder"]
  /** The loan's cartId at the service. */
  service_cart_id: string
  payment_collection_id: string | null
  payment_session_id: string | null
  loan: Pick<SessionData, "loan_id" | "checkout_url" | "amount" | "currency_code" | "loan_status">
}

/** Writes the row of a loan just met, announced at once (emit-events.ts): no compensation removes a row. */
export function recordLoanOfSession(container: MedusaContainer, { loan, ...held }: LoanOfSession): Promise<LedgerLoan> {
  return recordNewLoan(container, {
    loan_id: loan.loan_id,
    holder: held.holder,
    service_cart_id: held.service_cart_id,
    payment_collection_id: held.payment_collection_id,
    payment_session_id: held.payment_session_id,
    checkout_url: loan.checkout_url,
    amount: loan.amount,
    currency_code: loan.currency_code,
    loan_status: loan.loan_status ?? "REQUEST",
  })
}

/**
 * The loan's row: the ledger's, or written now from its session (a loan made before the ledger
 * existed, or whose row a crash prevented): the ledger must know every loan it is asked about.
 */
export async function ensureLoanRow(container: MedusaContainer, loan: LoanOfSession): Promise<LedgerLoan> {
  return (await rowOfLoan(container, loan.loan.loan_id)) ?? recordLoanOfSession(container, loan)
}

/**
 * A loan creation recorded before it was sent under a cartId the plugin chose (a sale by phone),
 * settled by what the service's status query lists under that cartId: every loan listed (one whose
 * reply was lost included) gets its row, for the holder the request recorded; then the request is
 * settled. Answers the rows; none when no request is recorded. No row is ever removed.
 */
export async function recordLoansOfRequest(container: MedusaContainer, cartId: string, listed: LoanRecord[]): Promise<LedgerLoan[]> {
  const ledger = ledgerOf(container)
  const request = await ledger.findLoanRequest(cartId)
  if (!request) return []
  const rows: LedgerLoan[] = []
  for (const loan of listed) {
    rows.push(
      await ensureLoanRow(container, {
        holder: request.holder,
        service_cart_id: request.service_cart_id,
        payment_collection_id: request.payment_collection_id,
        payment_session_id: null,
        loan: { loan_id: loan.loanId, checkout_url: "", amount: loan.totalAmount, currency_code: request.currency_code, loan_status: loan.status },
      }),
    )
  }
  await ledger.settleLoanRequest(cartId)
  return rows
}

/** A loan the provider has just made for a session Medusa reopened. */
export interface LoanMade {
  cartId: string
  loanId: number
  checkoutUrl: string
  amount: string
  currencyCode: string
  /** Medusa's payment session, when Medusa said which (the session id is the initiation's idempotency key). */
  sessionId?: string
}

/**
 * The row of the loan of a session Medusa's rollback reopened (lib/provider-channel/application-container.ts):
 * a cart's completion that failed after the capture, or a session creation that failed after
 * Medusa deleted the collection's sessions. What the loan pays is what the loans of its `cartId`
 * pay (holders.ts): the reopened session's earlier loan has its row.
 */
export async function ensureReopenedLoanRow(container: MedusaContainer, made: LoanMade): Promise<void> {
  const [holder] = await holdersOfServiceCarts(container, [made.cartId])
  await ensureLoanRow(container, {
    holder: holder.type,
    service_cart_id: made.cartId,
    payment_collection_id: holder.type === "order_balance" ? holder.payment_collection_id : null,
    payment_session_id: made.sessionId ?? null,
    loan: { loan_id: made.loanId, checkout_url: made.checkoutUrl, amount: made.amount, currency_code: made.currencyCode },
  })
}
