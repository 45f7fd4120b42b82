import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { ledgerOf } from "../lib/ledger/ledger"
import type { LedgerLoan } from "../modules/bnpl/types"
import { ledgerChangeStep } from "./steps/ledger-change-step"

/**
 * The storefront's completion of a cart with an open loan starts: like the confirmation's, it
 * leaves the mark a crash would leave behind (the service's `recordCompletionStarted`). The row is
 * the one the caller read under the cart's lock, which it still holds: no other writer of the
 * cart's loans can have changed it since.
 */
const markStep = ledgerChangeStep("bnpl-mark-completion-started", async (input: { row: LedgerLoan }, container) => {
  const { row } = input
  const change = row.state === "open" ? await ledgerOf(container).recordCompletionStarted(row, undefined) : undefined
  return { output: !!change, change }
})

export const markCompletionStartedWorkflow = createWorkflow("bnpl-mark-completion-started", (input: { row: LedgerLoan }) => {
  return new WorkflowResponse(markStep(input))
})
