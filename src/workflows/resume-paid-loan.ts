import { createPaymentSessionsWorkflow, useQueryGraphStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, parallelize, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { holderOfRow } from "../modules/bnpl/holder"
import { lockHolder, unlockHolders } from "./holder-locks"
import { holderOfLedgerRowStep } from "./steps/holder-of-ledger-row"
import { collectionToResume, loanToResume, planLoanResumptionStep } from "./steps/plan-loan-resumption"
import { readCartPaymentStep } from "./steps/read-cart-payment"
import { readLedgerRowStep } from "./steps/read-ledger-row"
import { readLoanAtServiceStep } from "./steps/read-loan-at-service"
import { readLoanCartStep } from "./steps/read-loan-cart"
import { readLoanHolderStep } from "./steps/read-loan-holder"
import { readOrderOfHolderStep } from "./steps/read-order-of-holder"
import { recordResumedSessionStep } from "./steps/record-resumed-session"

/**
 * A paid loan that no payment session holds any more (the customer changed the cart, and
 * Medusa dropped the session; a sale by phone whose creation reply was lost) while the cart, or
 * the order's balance, matches it again: a new session of the plugin's
 * provider takes the loan over, as selecting the method again would (src/workflows/start-loan-session.ts), so that the
 * confirmation can complete the cart the customer paid for. Nothing is asked of the service
 * but the status query and the refund history, and no new loan is made.
 *
 * Answers whether a session now holds the loan. It does nothing, and answers false, when the
 * cart is gone, an order or a session holds it, its payment collection is for another amount,
 * it is paid otherwise, or the loan may have a refund (steps/plan-loan-resumption.ts).
 */
export const resumePaidLoanWorkflow = createWorkflow("bnpl-resume-paid-loan", (input: { ledger_id: string }) => {
  const locks = lockHolder(holderOfLedgerRowStep(input))
  const row = readLedgerRowStep(input)
  const holder = transform({ row }, ({ row }) => ({ holder: holderOfRow(row) }))
  const cart = readCartPaymentStep(holder)
  const collectionId = transform({ row, cart }, ({ row, cart }) => collectionToResume(cart, row.loan_id))
  const loan = when("bnpl-cart-open-for-loan", { collectionId }, ({ collectionId }) => !!collectionId).then(() => {
    const [found, orderId, collections] = parallelize(
      readLoanAtServiceStep(row),
      readOrderOfHolderStep(holder),
      useQueryGraphStep({
        entity: "payment_collection",
        fields: ["amount", "currency_code"],
        filters: transform({ collectionId }, ({ collectionId }) => ({ id: collectionId! })),
        options: { throwIfKeyNotFound: true },
      }).config({ name: "bnpl-read-payment-collection" }),
    )
    return transform({ row, found, orderId, collections }, ({ row, found, orderId, collections }) =>
      loanToResume(row, found, orderId, collections.data[0]),
    )
  })
  const snapshot = when("bnpl-loan-fits-cart", { loan }, ({ loan }) => !!loan).then(() => {
    const pays = readLoanHolderStep(transform({ collectionId }, ({ collectionId }) => ({ payment_collection_id: collectionId! })))
    return readLoanCartStep(transform({ pays, collectionId }, ({ pays, collectionId }) => ({ ...pays, payment_collection_id: collectionId! })))
  })
  const resumption = planLoanResumptionStep({ row, payment_collection_id: collectionId, loan, cart: snapshot })
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
  unlockHolders(locks)
  return new WorkflowResponse(transform({ resumed }, ({ resumed }) => !!resumed))
})
