import type { MedusaContainer } from "@medusajs/framework/types"
import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { ledgerOf } from "../lib/ledger/ledger"
import type { LoanChange } from "../modules/bnpl/service"
import { ledgerChangeStep } from "./steps/ledger-change-step"
import { underCartLockOfRow } from "./under-cart-lock-of-row"
import { cancelWaitingSession, cartPayment, sessionOfLoan } from "../lib/ledger/queries"
import { bnplFromContainer } from "../lib/bnpl/resolve-options"

/**
 * Ends an unpaid loan: reconciliation's answer to a loan left past the loan
 * time-out (the service never cancels one by itself), or one the service
 * already cancelled. A loan paid since the last look is never cancelled.
 */
export interface CancelAbandonedLoanInput {
  ledger_id: string
  /** The status query already shows the loan CANCELLED: only Medusa's side is left to do. */
  cancelled_at_service?: boolean
}

const cancelStep = ledgerChangeStep("bnpl-cancel-abandoned-loan", cancelAbandoned)

async function cancelAbandoned(
  input: CancelAbandonedLoanInput,
  container: MedusaContainer,
): Promise<{ output: { cancelled: boolean }; change?: LoanChange }> {
  const ledger = ledgerOf(container)
  const row = await ledger.retrieveBnplLoan(input.ledger_id)
  const notCancelled = { output: { cancelled: false } }
  if (row.state !== "open") return notCancelled
  const session = sessionOfLoan((await cartPayment(container, row.cart_id)).sessions, row.loan_id)
  if (session && session.status !== "pending") return notCancelled
  if (!input.cancelled_at_service) {
    const { client } = bnplFromContainer(container)
    const { cancelled } = await client.cancelIfUnpaid(row.cart_id, row.loan_id, "abandoned: not paid within the loan time-out")
    if (!cancelled) return notCancelled
  }
  if (session) await cancelWaitingSession(container, row.cart_id, row.loan_id, "CANCELLED")
  return { output: { cancelled: true }, change: await ledger.recordCancelled(row) }
}

export const cancelAbandonedLoanWorkflow = createWorkflow("bnpl-cancel-abandoned-loan", (input: CancelAbandonedLoanInput) => {
  return new WorkflowResponse(underCartLockOfRow(input, cancelStep))
})
