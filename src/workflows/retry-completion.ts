import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"

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

// Placeholder until the ledger workflows land; the admin route imports this name.
const retryStep = createStep("bnpl-retry-completion-placeholder", async (input: RetryCompletionInput) => {
  return new StepResponse<RetryCompletionResult>({ ledger_id: input.ledger_id, state: "needs_attention", order_id: null, attention_reason: "not implemented yet" })
})

export const retryCompletionWorkflow = createWorkflow("bnpl-retry-completion", (input: RetryCompletionInput) => {
  return new WorkflowResponse(retryStep(input))
})
