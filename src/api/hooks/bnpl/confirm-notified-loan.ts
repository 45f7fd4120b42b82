import type { MedusaContainer } from "@medusajs/framework/types"
import { type Confirmation, confirmLoan } from "../../../workflows/confirm-loan"
import { awaitsOrder, ledgerOf, rowOfLoan } from "../../../lib/ledger/ledger"
import { holderOfRow } from "../../../modules/bnpl/holder"
import { holderLocksOf, underLocks } from "../../../lib/ledger/locks"
import { resumePaidLoanWorkflow } from "../../../workflows/resume-paid-loan"
import { settleLoanRequestWorkflow } from "../../../workflows/settle-loan-request"
import { holderOfLoan } from "../../../lib/ledger/holders"
import type { LedgerLoan } from "../../../modules/bnpl/types"

/**
 * The webhook's way into the confirmation. Copies of one notification come (the service
 * retries, a proxy replays, a storm of redeliveries): a copy whose loan the ledger has settled
 * is answered from the row, without the cart's lock or the service. Copies that come together
 * each run the confirmation; the cart's lock orders them, across instances too, and each after
 * the first finds the order made.
 *
 * Only what the confirmation itself would answer without asking the service is answered from
 * the row: an order's loan (already authorized) and a loan on the attention list that no order
 * can come to hold (a listing for failed completions goes to the confirmation, which finds an
 * order that holds the loan after all).
 */
export async function confirmNotifiedLoan(container: MedusaContainer, cartId: string, loanId: number): Promise<Confirmation> {
  const found = await rowOfLoan(container, loanId)
  const row = found?.service_cart_id === cartId ? found : undefined
  const settled = row && fromLedger(row)
  if (settled) return settled
  const holder = await holderOfLoan(container, row, cartId)
  const { result } = await confirmLoan(container, { holder, loan_id: loanId })
  if (result.outcome !== "no_pending_session" || holder.type !== "order_balance") return result
  return (await resumeBalanceLoan(container, cartId, loanId)) ?? result
}

/**
 * An order balance's paid loan that no session holds (a sale by phone whose creation reply was
 * lost): its row is written from the request the plugin sent under its `cartId`, a session of the
 * collection takes it over when the collection still asks its amount, and it is confirmed, as
 * reconciliation would, without waiting for its next run. Undefined when it cannot be.
 */
async function resumeBalanceLoan(container: MedusaContainer, cartId: string, loanId: number): Promise<Confirmation | undefined> {
  const request = await ledgerOf(container).findLoanRequest(cartId)
  if (request && !request.settled_at) {
    await underLocks(container, holderLocksOf(container, [holderOfRow(request)]), () =>
      settleLoanRequestWorkflow(container).run({ input: { service_cart_id: cartId } }),
    )
  }
  const row = await rowOfLoan(container, loanId)
  if (!row || row.service_cart_id !== cartId || row.state !== "open") return undefined
  const { result: resumed } = await resumePaidLoanWorkflow(container).run({ input: { ledger_id: row.id } })
  if (!resumed) return undefined
  const { result } = await confirmLoan(container, { holder: holderOfRow(row), loan_id: loanId })
  return result
}

function fromLedger(row: LedgerLoan): Confirmation | undefined {
  if (row.state === "ordered" && row.order_id) return { outcome: "already_authorized", orderId: row.order_id }
  if (row.state === "needs_attention" && !awaitsOrder(row))
    return { outcome: "needs_attention", reason: row.attention_reason ?? "on the attention list" }
  return undefined
}
