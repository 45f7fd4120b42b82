import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ledgerOf } from "../../lib/ledger/ledger"

export const retryOutcomeStepId = "bnpl-retry-outcome"

/** What the admin reads after *Retry completion*: the ledger row as the confirmation left it. */
export interface RetryCompletionResult {
  ledger_id: string
  /** The ledger state after the attempt. */
  state: string
  order_id: string | null
  /** Why it is still on the attention list, when it is. */
  attention_reason: string | null
}

export const retryOutcomeStep = createStep(
  retryOutcomeStepId,
  async (input: { ledger_id: string; no_session_holds_loan: boolean }, { container }) => {
    const row = await ledgerOf(container).retrieveBnplLoan(input.ledger_id)
    const reason = input.no_session_holds_loan
      ? "No payment session of the cart holds this loan any more, and the cart does not match it: refund it in full."
      : row.attention_reason
    return new StepResponse<RetryCompletionResult>({
      ledger_id: row.id,
      state: row.state,
      order_id: row.order_id,
      attention_reason: row.state === "ordered" ? null : reason,
    })
  },
)
