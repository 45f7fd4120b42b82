import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { heldBy, recordHeldBy } from "../lib/ledger/confirmation-records"
import type { LoanChange } from "../modules/bnpl/service"
import { ledgerChangeStep } from "./steps/ledger-change-step"
import { awaitsOrder, rowOfLoan, underCartLock } from "../lib/ledger/ledger"
import { isBnplProvider, readSessionData } from "../lib/bnpl/session-data"

/**
 * An order was placed (the `order.placed` event): a loan that paid it is now
 * that order's payment in the ledger. The webhook's path records this itself;
 * this catches the storefront's own completions, and reconciliation runs it
 * for an order it finds holding a loan whose event was lost.
 */
export interface RecordOrderPlacedInput {
  order_id: string
}

const recordStep = ledgerChangeStep("bnpl-record-order-placed", async (input: RecordOrderPlacedInput, container) => {
  const change = await recordOrderPlaced(container, input.order_id)
  return { output: !!change, change }
})

async function recordOrderPlaced(container: MedusaContainer, orderId: string): Promise<LoanChange | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "payment_collections.payments.provider_id", "payment_collections.payments.data"],
    filters: { id: orderId },
  })
  const order = data[0] as
    { payment_collections?: Array<{ payments?: Array<{ provider_id: string; data: unknown } | null> | null } | null> } | undefined
  const payment = (order?.payment_collections ?? []).flatMap((c) => c?.payments ?? []).find((p) => isBnplProvider(p?.provider_id))
  const loan = payment ? readSessionData(payment.data) : undefined
  if (!loan) return undefined
  // Under the cart's lock, read again: the confirmation that placed this order holds the lock
  // until it has written the row itself, and may have put the loan on the attention list (a
  // look-alike order beside it). What it wrote stands; only a row still awaiting an order
  // (open, or listed for failed completions) becomes this order's payment.
  return underCartLock(container, loan.cart_id, async () => {
    const row = await rowOfLoan(container, loan.loan_id)
    if (!row || !awaitsOrder(row)) return undefined
    return (await recordHeldBy(container, heldBy(row, orderId))).change
  })
}

export const recordOrderPlacedWorkflow = createWorkflow("bnpl-record-order-placed", (input: RecordOrderPlacedInput) => {
  return new WorkflowResponse(recordStep(input))
})
