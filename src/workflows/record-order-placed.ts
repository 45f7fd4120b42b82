import type { MedusaContainer } from "@medusajs/framework/types"
import { createStep, createWorkflow, StepResponse, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { heldBy, recordHeldBy } from "../lib/ledger/confirmation-records"
import type { LoanChange } from "../modules/bnpl/service"
import { ledgerChangeStep } from "./steps/ledger-change-step"
import { awaitsOrder, ledgerOf, undecidedLoansOf } from "../lib/ledger/ledger"
import { lockHolders, unlockHolders } from "./holder-locks"
import { cartOfOrder, loansHeldByOrder } from "../lib/medusa/queries"
import { cartHolder } from "../modules/bnpl/holder"

/**
 * An order was placed (the `order.placed` event): a loan that paid it is now
 * that order's payment in the ledger. The webhook's path records this itself;
 * this catches the storefront's own completions, and reconciliation runs it
 * for an order it finds holding a loan whose event was lost.
 */
export interface RecordOrderPlacedInput {
  order_id: string
  /** The order's cart, when the caller has read it already (the subscriber, through cartAwaitingOrder). */
  cart_id?: string
}

export const cartOfOrderStepId = "bnpl-cart-of-order"
export const recordOrderPlacedStepId = "bnpl-record-order-placed"

/** The order's cart, when the caller did not name it: the lock to take. */
const cartOfOrderStep = createStep(cartOfOrderStepId, async (input: RecordOrderPlacedInput, { container }) => {
  const cartId = input.cart_id ?? (await cartOfOrder(container, input.order_id))
  return new StepResponse({ holders: cartId ? [cartHolder(cartId)] : [], cart_id: cartId })
})

/**
 * Under the cart's lock, read again: the confirmation that placed this order holds the lock
 * until it has written the row itself, and may have put the loan on the attention list (a
 * look-alike order beside it). What it wrote stands; only a row still awaiting an order (open,
 * or listed for failed completions) becomes this order's payment.
 */
const recordStep = ledgerChangeStep(recordOrderPlacedStepId, async (input: { order_id: string; cart_id?: string }, container) => {
  const change = input.cart_id ? await recordOrderPlaced(container, input.order_id, input.cart_id) : undefined
  return { output: !!change, change }
})

/**
 * The order's cart, if a loan of it still awaits an order: most orders are no loan's. The
 * `order.placed` subscriber asks this before it starts the workflow, so that other orders cost
 * the store two reads and no workflow.
 */
export async function cartAwaitingOrder(container: MedusaContainer, orderId: string): Promise<string | undefined> {
  const cartId = await cartOfOrder(container, orderId)
  if (!cartId) return undefined
  return (await awaitsOrderOnCart(container, cartId)) ? cartId : undefined
}

/**
 * One read of the cart's loans under its lock says which still await an order; only then is the
 * order's payment read, and only a loan among them becomes its payment.
 */
async function recordOrderPlaced(container: MedusaContainer, orderId: string, cartId: string): Promise<LoanChange | undefined> {
  const awaiting = (await undecidedLoansOf(container, cartHolder(cartId))).filter(awaitsOrder)
  if (!awaiting.length) return undefined
  const loan = await loanOfOrder(container, orderId)
  const row = loan && awaiting.find((r) => r.loan_id === loan.loanId)
  if (!row) return undefined
  // Placed before the loan is paid (orderBeforeFinancing): the paid loan authorizes it later.
  if (loan.awaitsFinancing) return ledgerOf(container).recordOrderAwaitingFinancing(row)
  return (await recordHeldBy(container, heldBy(row, orderId))).change
}

const awaitsOrderOnCart = async (container: MedusaContainer, cartId: string): Promise<boolean> =>
  (await undecidedLoansOf(container, cartHolder(cartId))).some(awaitsOrder)

/** The loan that paid the order, else the one whose session awaits its payment (`pending_authorization`). */
async function loanOfOrder(container: MedusaContainer, orderId: string): Promise<{ loanId: number; awaitsFinancing: boolean } | undefined> {
  const order = await loansHeldByOrder(container, orderId)
  const [paid] = order.paid
  if (paid) return { loanId: paid.loan_id, awaitsFinancing: false }
  return order.awaited ? { loanId: order.awaited.loan_id, awaitsFinancing: true } : undefined
}

export const recordOrderPlacedWorkflow = createWorkflow("bnpl-record-order-placed", (input: RecordOrderPlacedInput) => {
  const cart = cartOfOrderStep(input)
  const locks = lockHolders(cart)
  const recorded = recordStep(transform({ input, cart }, ({ input, cart }) => ({ order_id: input.order_id, cart_id: cart.cart_id })))
  unlockHolders(locks)
  return new WorkflowResponse(recorded)
})
