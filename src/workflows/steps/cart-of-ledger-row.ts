import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ledgerOf } from "../../lib/ledger/ledger"

export const cartOfLedgerRowStepId = "bnpl-cart-of-ledger-row"

/** Reads the cart a ledger row belongs to, so a workflow can lock the cart before touching the row. */
export const cartOfLedgerRowStep = createStep(cartOfLedgerRowStepId, async (input: { ledger_id: string }, { container }) => {
  const row = await ledgerOf(container).retrieveBnplLoan(input.ledger_id, { select: ["id", "cart_id", "loan_id"] })
  return new StepResponse({ cart_id: row.cart_id, loan_id: row.loan_id })
})
