import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { toDecimal } from "../../lib/service/money"
import { readSessionData } from "../../lib/medusa/session-data"
import type { CartFacts } from "../../lib/money/confirmation"
import { serviceCartId } from "../../modules/bnpl/holder"
import { ensureLoanRow } from "../../lib/ledger/loan-row"

export const recordLoanOfSessionStepId = "bnpl-record-loan-of-session"

/**
 * The row of a loan the ledger does not know (created before the ledger existed, or a crash
 * prevented its row) from its session: the ledger must know every loan it is asked about. A
 * new row is announced at once and never removed (emit-events.ts).
 */
export const recordLoanOfSessionStep = createStep(recordLoanOfSessionStepId, async (facts: CartFacts, { container }) => {
  const session = facts.session!
  const loan = readSessionData(session.data)!
  const row = await ensureLoanRow(container, {
    holder: facts.holder.type,
    service_cart_id: serviceCartId(facts.holder),
    payment_collection_id: facts.paymentCollectionId,
    payment_session_id: session.id,
    // The session's own amount and currency: what the confirmation holds the loan to.
    loan: { ...loan, amount: toDecimal(session.amount), currency_code: session.currency_code },
  })
  return new StepResponse(row)
})
