import { createPaymentSessionsWorkflow } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { lockCarts, unlockCarts } from "./cart-locks"
import { cartOfLedgerRowStep } from "./steps/cart-of-ledger-row"
import { planLoanResumptionStep } from "./steps/plan-loan-resumption"
import { recordResumedSessionStep } from "./steps/record-resumed-session"

/**
 * A paid loan that no payment session holds any more (the customer changed the cart, and
 * Medusa dropped the session) while the cart matches it again: a new session of the plugin's
 * provider takes the loan over, as selecting the method again would (src/workflows/start-loan-session.ts), so that the
 * confirmation can complete the cart the customer paid for. Nothing is asked of the service
 * but the status query and the refund history, and no new loan is made.
 *
 * Answers whether a session now holds the loan. It does nothing, and answers false, when the
 * cart is gone, an order or a session holds it, its payment collection is for another amount,
 * it is paid otherwise, or the loan may have a refund (planLoanResumptionStep).
 */
export const resumePaidLoanWorkflow = createWorkflow("bnpl-resume-paid-loan", (input: { ledger_id: string }) => {
  const row = cartOfLedgerRowStep(input)
  const locks = lockCarts(transform({ row }, ({ row }) => ({ cart_ids: [row.cart_id] })))
  const resumption = planLoanResumptionStep(input)
  const resumed = when("bnpl-loan-can-be-resumed", { resumption }, ({ resumption }) => !!resumption).then(() => {
    const session = createPaymentSessionsWorkflow.runAsStep({ input: transform({ resumption }, ({ resumption }) => resumption!) })
    return recordResumedSessionStep(
      transform({ input, resumption, session }, ({ input, resumption, session }) => ({
        ledger_id: input.ledger_id,
        payment_collection_id: resumption!.payment_collection_id,
        payment_session_id: session.id,
      })),
    )
  })
  unlockCarts(locks)
  return new WorkflowResponse(transform({ resumed }, ({ resumed }) => !!resumed))
})
