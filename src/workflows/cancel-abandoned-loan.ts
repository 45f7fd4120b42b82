import type { MedusaContainer } from "@medusajs/framework/types"
import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { type RowPatchUndo, undoRowPatch } from "../lib/ledger/confirmation-records"
import { emitRowUndoable } from "../lib/ledger/emit-events"
import { ledgerOf, patchRow } from "../lib/ledger/ledger"
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

const cancelStep = createStep(
  "bnpl-cancel-abandoned-loan",
  async (input: CancelAbandonedLoanInput, { container, eventGroupId }) => {
    const { cancelled, undo } = await cancelAbandoned(container, input)
    await emitRowUndoable(container, undo, eventGroupId)
    return new StepResponse({ cancelled }, { undo })
  },
  async (compensation: { undo?: RowPatchUndo } | undefined, { container }) => undoRowPatch(container, compensation?.undo),
)

async function cancelAbandoned(container: MedusaContainer, input: CancelAbandonedLoanInput): Promise<{ cancelled: boolean; undo?: RowPatchUndo }> {
  const row = await ledgerOf(container).retrieveBnplLoan(input.ledger_id)
  if (row.state !== "open") return { cancelled: false }
  const session = sessionOfLoan((await cartPayment(container, row.cart_id)).sessions, row.loan_id)
  if (session && session.status !== "pending") return { cancelled: false }
  if (!input.cancelled_at_service) {
    const { client } = bnplFromContainer(container)
    const { cancelled } = await client.cancelIfUnpaid(row.cart_id, row.loan_id, "abandoned: not paid within the loan time-out")
    if (!cancelled) return { cancelled: false }
  }
  if (session) await cancelWaitingSession(container, row.cart_id, row.loan_id, "CANCELLED")
  return { cancelled: true, undo: { id: row.id, previous: await patchRow(container, row, { state: "cancelled", loan_status: "CANCELLED" }) } }
}

export const cancelAbandonedLoanWorkflow = createWorkflow("bnpl-cancel-abandoned-loan", (input: CancelAbandonedLoanInput) => {
  return new WorkflowResponse(underCartLockOfRow(input, cancelStep))
})
