import { MedusaError } from "@medusajs/framework/utils"
import { createStep, createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { readSessionData } from "../lib/medusa/session-data"
import { serviceCartId } from "../modules/bnpl/holder"
import { cancelAbandonedLoanWorkflow } from "./cancel-abandoned-loan"
import { lockHolder, unlockHolders } from "./holder-locks"
import { openOrderCollectionWorkflow } from "./open-order-collection"
import { settleLoanRequestWorkflow } from "./settle-loan-request"
import { cancelUnpaidLoansOfCollectionStep } from "./steps/cancel-unpaid-loans-of-collection"
import { createSaleSessionStep, type FailedSale } from "./steps/create-sale-session"
import { readCollectionToSellStep } from "./steps/read-collection-to-sell"
import { readSaleByPhoneStep, type SaleByPhoneRequest } from "./steps/read-sale-by-phone"
import { recordLoanRequestStep } from "./steps/record-loan-request"
import { recordLoanSessionStep } from "./steps/record-loan-session"
import { saleByPhoneHolderStep } from "./steps/sale-by-phone-holder"
import { settleLoanRequestsOfCollectionStep } from "./steps/settle-loan-requests-of-collection"

export const sellByPhoneWorkflowId = "bnpl-sell-by-phone"

export type SellByPhoneInput = SaleByPhoneRequest

export const endFailedSaleStepId = "bnpl-end-failed-sale"

/**
 * Medusa's workflow failed after the request may have reached the service (a lost reply, the
 * status query silent): the loans the service made under the sale's cartId are cancelled, and the
 * admin is told the link failed. What the service could not say yet is settled before the next
 * link and by reconciliation. Always throws: the sale failed.
 *
 * Run after the collection's lock is released: each cancel takes that lock itself. The cancels
 * run with `run`, once per loan found: a workflow's composition has no loop over what a step
 * reads (a step of this file, as it runs a workflow of the plugin). No compensation: a cancel at
 * the service cannot be undone.
 */
const endFailedSaleStep = createStep(endFailedSaleStepId, async ({ error, settled }: FailedSale, { container }) => {
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

/**
 * A sale by phone (docs/admin.md, "Sales by phone"): a new loan for what the order's open
 * collection asks, its link sent to the customer's phone (or its QR answered), under a `cartId`
 * of its own (modules/bnpl/holder.ts, `saleByPhoneHolder`).
 *
 * Refused before anything is locked or sent when the store does not offer it or the order asks
 * nothing a loan may pay. A converted draft order gets its collection first. Then everything up
 * to the loan's row holds the collection's lock (one payable link per collection): the collection
 * read again, lost replies of earlier sales settled, every unpaid loan of the collection
 * cancelled, the request recorded before it goes out, the loan made through Medusa's own
 * createPaymentSessionsWorkflow, its row, and the request settled. A creation that failed has its
 * loans cancelled once the lock is released, and the workflow fails with what the admin is told.
 */
export const sellByPhoneWorkflow = createWorkflow(sellByPhoneWorkflowId, (input: SellByPhoneInput) => {
  const sale = readSaleByPhoneStep(input)
  const opened = when("bnpl-order-opens-collection", { sale }, ({ sale }) => !sale.payment_collection_id).then(() =>
    openOrderCollectionWorkflow
      .runAsStep({ input: transform({ input }, ({ input }) => ({ order_id: input.order_id })) })
      .config({ noCompensation: true }),
  )
  const collectionId = transform({ sale, opened }, ({ sale, opened }) => (sale.payment_collection_id ?? opened)!)
  const holder = saleByPhoneHolderStep(transform({ collectionId }, ({ collectionId }) => ({ payment_collection_id: collectionId })))
  const locks = lockHolder(transform({ holder }, ({ holder }) => ({ holder })))

  const asked = readCollectionToSellStep(
    transform({ input, collectionId }, ({ input, collectionId }) => ({ order_id: input.order_id, payment_collection_id: collectionId })),
  )
  settleLoanRequestsOfCollectionStep(
    transform({ collectionId, holder }, ({ collectionId, holder }) => ({ payment_collection_id: collectionId, holder })),
  )
  cancelUnpaidLoansOfCollectionStep(transform({ asked, holder }, ({ asked, holder }) => ({ collection: asked.collection, holder })))
  recordLoanRequestStep(
    transform({ asked, holder }, ({ asked, holder }) => ({
      service_cart_id: serviceCartId(holder),
      holder: "order_balance" as const,
      payment_collection_id: asked.collection.id,
      amount: asked.amount,
      currency_code: asked.currency_code,
    })),
  )
  const created = createSaleSessionStep(
    transform({ input, sale, asked, holder }, ({ input, sale, asked, holder }) => ({
      payment_collection_id: asked.collection.id,
      holder,
      phone: input.phone,
      channel: input.channel,
      shop_id: sale.shop_id,
    })),
  )
  when("bnpl-sale-session-made", { created }, ({ created }) => "session" in created).then(() => {
    recordLoanSessionStep(
      transform({ asked, holder, created }, ({ asked, holder, created }) => {
        const { session } = created as Extract<typeof created, { session: unknown }>
        return {
          service_cart_id: serviceCartId(holder),
          holder: "order_balance" as const,
          payment_collection_id: asked.collection.id,
          payment_session_id: session.id,
          loan: readSessionData(session.data),
        }
      }),
    )
    settleLoanRequestWorkflow
      .runAsStep({ input: transform({ holder }, ({ holder }) => ({ service_cart_id: serviceCartId(holder), holder })) })
      .config({ noCompensation: true })
  })
  unlockHolders(locks)

  when("bnpl-sale-session-failed", { created }, ({ created }) => "failed" in created).then(() =>
    endFailedSaleStep(transform({ created }, ({ created }) => (created as Extract<typeof created, { failed: unknown }>).failed)),
  )
  return new WorkflowResponse(collectionId)
})
