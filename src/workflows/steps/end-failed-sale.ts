import { MedusaError } from "@medusajs/framework/utils"
import { createStep } from "@medusajs/framework/workflows-sdk"
import { cancelAbandonedLoanWorkflow } from "../cancel-abandoned-loan"
import type { FailedSale } from "./create-sale-session"

export const endFailedSaleStepId = "bnpl-end-failed-sale"

/**
 * Medusa's workflow failed after the request may have reached the service (a lost reply, the
 * status query silent): the loans the service made under the sale's cartId are cancelled, and the
 * admin is told the link failed. What the service could not say yet is settled before the next
 * link and by reconciliation. Always throws: the sale failed.
 *
 * Run after the collection's lock is released: each cancel takes that lock itself. The cancels
 * run with `run`, once per loan found: a workflow's composition has no loop over what a step
 * reads. No compensation: a cancel at the service cannot be undone.
 */
export const endFailedSaleStep = createStep(endFailedSaleStepId, async ({ error, settled }: FailedSale, { container }) => {
  if (!settled) {
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `The service did not answer the payment by phone (${error.message}), and it cannot say now whether it made the loan. The plugin asks it before the next link is sent, and at the next reconciliation; a loan it made is then cancelled, or confirmed if the customer paid it.`,
    )
  }
  const made: number[] = []
  for (const row of settled) {
    const { result } = await cancelAbandonedLoanWorkflow(container).run({
      input: { ledger_id: row.id, reason: "its payment by phone failed in the store; the admin sends a new link" },
    })
    if (result.cancelled) made.push(row.loan_id)
  }
  // Nothing was made: Medusa's own error, as its workflow threw it.
  if (!made.length) throw error
  throw new MedusaError(
    MedusaError.Types.UNEXPECTED_STATE,
    `The payment by phone failed (${error.message}) after the service made loan ${made.join(", ")}, which was cancelled: the customer cannot pay it. Send the link again.`,
  )
})
