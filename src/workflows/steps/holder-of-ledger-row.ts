import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { holderOfRow } from "../../modules/bnpl/holder"
import { ledgerOf } from "../../lib/ledger/ledger"

export const holderOfLedgerRowStepId = "bnpl-holder-of-ledger-row"

/** Reads what a ledger row's loan pays, so a workflow can take the holder's lock before touching the row. */
export const holderOfLedgerRowStep = createStep(holderOfLedgerRowStepId, async (input: { ledger_id: string }, { container }) => {
  const row = await ledgerOf(container).retrieveBnplLoan(input.ledger_id, {
    select: ["id", "holder", "service_cart_id", "payment_collection_id", "loan_id"],
  })
  return new StepResponse({ holder: holderOfRow(row), service_cart_id: row.service_cart_id, loan_id: row.loan_id })
})
