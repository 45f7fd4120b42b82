import { MedusaError } from "@medusajs/framework/utils"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { ledgerOf } from "../lib/ledger/ledger"
import { ledgerChangeStep } from "./steps/ledger-change-step"
import { underHolderLockOfRow } from "./under-holder-lock-of-row"
import { orderPayment } from "../lib/medusa/queries"
import { refundCheckWorkflow } from "./refund-check"

/**
 * The admin looked at the order a crash may have left beside the cart's own (`suspect_order_id`)
 * and says it is not this loan's order. The suspicion is cleared, with who and why on the row;
 * the loan is the payment of its order again when that order holds it, and its refunds are
 * checked. Medusa's orders are not touched.
 */
export interface ClearSuspectInput {
  ledger_id: string
  reason: string
  actor?: string
}

const clearSuspectStep = ledgerChangeStep("bnpl-clear-suspect-order", async (input: ClearSuspectInput, container) => {
  const ledger = ledgerOf(container)
  const row = await ledger.retrieveBnplLoan(input.ledger_id)
  if (!row.suspect_order_id) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Loan ${row.loan_id} has no suspected second order to clear.`)
  const held = row.order_id ? await orderPayment(container, row.order_id, row.loan_id) : undefined
  const note = `Order ${row.suspect_order_id} is not this loan's order${input.actor ? ` (${input.actor})` : ""}: ${input.reason}`
  const change = await ledger.clearSuspectOrder(row, { orderHolds: !!held, note })
  container.resolve("logger").info(`[bnpl] loan ${row.loan_id}: ${note}`)
  return { output: { cleared: row.suspect_order_id }, change }
})

export const clearSuspectWorkflow = createWorkflow("bnpl-clear-suspect-order", (input: ClearSuspectInput) => {
  const cleared = underHolderLockOfRow(input, clearSuspectStep)
  const checked = refundCheckWorkflow.runAsStep({ input: transform({ input }, ({ input }) => ({ ledger_id: input.ledger_id })) })
  return new WorkflowResponse(transform({ cleared, checked }, ({ cleared, checked }) => ({ ...cleared, check: checked })))
})
