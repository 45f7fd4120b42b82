import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { ledgerOf } from "../lib/ledger/ledger"
import { ledgerChangeStep } from "./steps/ledger-change-step"

/**
 * The storefront's completion of a cart with an open loan starts: like the confirmation's, it
 * leaves the mark a crash would leave behind (the service's `recordCompletionStarted`).
 */
const markStep = ledgerChangeStep("bnpl-mark-completion-started", async (input: { ledger_id: string }, container) => {
  const ledger = ledgerOf(container)
  const row = await ledger.retrieveBnplLoan(input.ledger_id)
  const change = row.state === "open" ? await ledger.recordCompletionStarted(row, undefined) : undefined
  return { output: !!change, change }
})

export const markCompletionStartedWorkflow = createWorkflow("bnpl-mark-completion-started", (input: { ledger_id: string }) => {
  return new WorkflowResponse(markStep(input))
})
