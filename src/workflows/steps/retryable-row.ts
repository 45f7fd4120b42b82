import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { holderOfRow } from "../../modules/bnpl/holder"
import { ledgerOf } from "../../lib/ledger/ledger"

export const retryableRowStepId = "bnpl-retryable-row"

/** The cart and loan of a ledger row whose completion may be retried: refused for a loan already cancelled or refunded. */
export const retryableRowStep = createStep(retryableRowStepId, async (input: { ledger_id: string }, { container }) => {
  const row = await ledgerOf(container).retrieveBnplLoan(input.ledger_id)
  if (row.state === "cancelled" || row.state === "refunded") {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Loan ${row.loan_id} is ${row.state}; there is nothing to complete.`)
  }
  return new StepResponse({ holder: holderOfRow(row), loan_id: row.loan_id })
})
