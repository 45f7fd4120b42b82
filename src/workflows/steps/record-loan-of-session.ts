import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { CartFacts } from "../../lib/ledger/confirmation"
import { ensureRow } from "../../lib/ledger/confirmation-records"

export const recordLoanOfSessionStepId = "bnpl-record-loan-of-session"

/**
 * The row of a loan the ledger does not know (created before the ledger existed, or a crash
 * prevented its row) from its session: the ledger must know every loan it is asked about. A
 * new row is announced at once and never removed (emit-events.ts).
 */
export const recordLoanOfSessionStep = createStep(recordLoanOfSessionStepId, async (facts: CartFacts, { container }) => {
  return new StepResponse(await ensureRow(container, facts.holder, facts.session!, facts.paymentCollectionId))
})
