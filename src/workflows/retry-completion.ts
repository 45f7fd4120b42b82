import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { confirmLoanWorkflow, type Confirmation } from "./confirm-loan"
import { resumePaidLoanWorkflow } from "./resume-paid-loan"
import { retryableRowStep } from "./steps/retryable-row"
import { retryOutcomeStep } from "./steps/retry-outcome"

export type { RetryCompletionResult } from "./steps/retry-outcome"

/**
 * The admin's "retry completion" for a paid loan on the attention list (its cart failed to
 * complete: stock, a promotion, a changed amount). It runs the webhook's own confirmation,
 * allowed past the attention list. When no session holds the loan any more but the cart
 * matches it again, a new session takes it over (resumePaidLoanWorkflow), as at the
 * storefront, and the confirmation runs once more. Answers the ledger row as it stands after.
 */
export interface RetryCompletionInput {
  /** The ledger row's id (`bnplloan_…`). */
  ledger_id: string
}

const noSessionHoldsLoan = (confirmation: Confirmation | undefined) => confirmation?.outcome === "no_pending_session"

export const retryCompletionWorkflow = createWorkflow("bnpl-retry-completion", (input: RetryCompletionInput) => {
  const row = retryableRowStep(input)
  const confirmInput = transform({ row }, ({ row }) => ({ ...row, force: true }))
  const first = confirmLoanWorkflow.runAsStep({ input: confirmInput })
  const resumed = when("bnpl-retry-no-session-holds-loan", { first }, ({ first }) => noSessionHoldsLoan(first)).then(() =>
    resumePaidLoanWorkflow.runAsStep({ input: transform({ input }, ({ input }) => ({ ledger_id: input.ledger_id })) }),
  )
  const second = when("bnpl-retry-loan-resumed", { resumed }, ({ resumed }) => !!resumed).then(() =>
    confirmLoanWorkflow.runAsStep({ input: confirmInput }).config({ name: "bnpl-confirm-resumed-loan" }),
  )
  const outcome = transform({ input, first, second }, ({ input, first, second }) => ({
    ledger_id: input.ledger_id,
    no_session_holds_loan: noSessionHoldsLoan(second ?? first),
  }))
  return new WorkflowResponse(retryOutcomeStep(outcome))
})
