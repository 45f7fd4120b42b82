import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { heldBy, recordHeldBy } from "../lib/ledger/confirmation-records"
import type { LoanChange } from "../modules/bnpl/service"
import { ledgerChangeStep } from "./steps/ledger-change-step"
import { awaitsOrder, ledgerOf, rowOfLoan, underCartLock } from "../lib/ledger/ledger"
import { cartOfOrder } from "../lib/ledger/queries"
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
  // Most orders are no loan's, and the webhook's own confirmation records the order it placed
  // before it lets go of the cart: only a cart with a loan still awaiting an order reads further.
  const cartId = await cartOfOrder(container, orderId)
  if (!cartId || !(await awaitsOrderOnCart(container, cartId))) return undefined
  // Under the cart's lock, read again: the confirmation that placed this order holds the lock
  // until it has written the row itself, and may have put the loan on the attention list (a
  // look-alike order beside it). What it wrote stands; only a row still awaiting an order
  // (open, or listed for failed completions) becomes this order's payment.
  return underCartLock(container, cartId, async () => {
    if (!(await awaitsOrderOnCart(container, cartId))) return undefined
    const loanId = await loanPayingOrder(container, orderId)
    const row = loanId === undefined ? undefined : await rowOfLoan(container, loanId)
    if (!row || !awaitsOrder(row)) return undefined
    return (await recordHeldBy(container, heldBy(row, orderId))).change
  })
}

const awaitsOrderOnCart = async (container: MedusaContainer, cartId: string): Promise<boolean> =>
  (await ledgerOf(container).listUndecidedLoansOfCart(cartId)).some(awaitsOrder)

async function loanPayingOrder(container: MedusaContainer, orderId: string): Promise<number | undefined> {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "order",
    fields: ["id", "payment_collections.payments.provider_id", "payment_collections.payments.data"],
    filters: { id: orderId },
  })
  const order = data[0] as
    { payment_collections?: Array<{ payments?: Array<{ provider_id: string; data: unknown } | null> | null } | null> } | undefined
  const payment = (order?.payment_collections ?? []).flatMap((c) => c?.payments ?? []).find((p) => isBnplProvider(p?.provider_id))
  return payment ? readSessionData(payment.data)?.loan_id : undefined
}

export const recordOrderPlacedWorkflow = createWorkflow("bnpl-record-order-placed", (input: RecordOrderPlacedInput) => {
  return new WorkflowResponse(recordStep(input))
})
