import { MedusaError } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { bnplFromContainer } from "../lib/bnpl/resolve-options"
import { ledgerOf } from "../loans/ledger"
import { resumePaidLoan } from "../loans/resume-paid-loan"
import { confirmLoanWorkflow } from "./confirm-loan"

/**
 * The admin's "retry completion" for a paid loan on the attention list (its
 * cart failed to complete: stock, a promotion, a changed amount). It runs the
 * webhook's own confirmation, allowed past the attention list, and answers
 * the ledger row as it stands afterwards.
 */
export interface RetryCompletionInput {
  /** The ledger row's id (`bnplloan_…`). */
  ledger_id: string
}

export interface RetryCompletionResult {
  ledger_id: string
  /** The ledger state after the attempt. */
  state: string
  order_id: string | null
  /** Why it is still on the attention list, when it is. */
  attention_reason: string | null
}

const retryStep = createStep("bnpl-retry-completion", async (input: RetryCompletionInput, { container }) => {
  const ledger = ledgerOf(container)
  const row = await ledger.retrieveBnplLoan(input.ledger_id)
  if (row.state === "cancelled" || row.state === "refunded") {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Loan ${row.loan_id} is ${row.state}; there is nothing to complete.`)
  }
  // The confirmation workflow has its own compensation; this step only reads the row it leaves.
  const confirm = () => confirmLoanWorkflow(container).run({ input: { cart_id: row.cart_id, loan_id: row.loan_id, force: true } })
  let { result } = await confirm()
  if (result.outcome === "no_pending_session") {
    // The cart may match the loan again: a new session then takes it over, as at the storefront.
    const loan = (await bnplFromContainer(container).client.getLoans(row.cart_id)).find((l) => l.loanId === row.loan_id)
    if (loan && (await resumePaidLoan(container, row, loan))) ({ result } = await confirm())
  }
  const after = await ledger.retrieveBnplLoan(input.ledger_id)
  const reason =
    result.outcome === "no_pending_session"
      ? "No payment session of the cart holds this loan any more, and the cart does not match it: refund it in full."
      : after.attention_reason
  return new StepResponse<RetryCompletionResult>({
    ledger_id: after.id,
    state: after.state,
    order_id: after.order_id,
    attention_reason: after.state === "ordered" ? null : reason,
  })
})

export const retryCompletionWorkflow = createWorkflow("bnpl-retry-completion", (input: RetryCompletionInput) => {
  return new WorkflowResponse(retryStep(input))
})
