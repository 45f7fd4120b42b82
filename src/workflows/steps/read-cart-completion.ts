import type { PaymentSessionStatus } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { orderOfCart, sessionsAndOrderOfCart, type SessionRow } from "../../lib/medusa/queries"
import { awaitsFinancing, isBnplProvider, readSessionData, type SessionData } from "../../lib/medusa/session-data"
import { CONFIRMABLE_SESSION } from "../../lib/service/status"

export const readCartCompletionStepId = "bnpl-read-cart-completion"

/** What the storefront's completion of a cart needs from the plugin before Medusa's route reads the cart. */
export type CartCompletionPlan =
  /** No loan of the plugin's waits on the cart: Medusa's route alone. */
  | { next: "complete" }
  /**
   * The cart's payment collection is an order's: a completion a crash cut short placed it (the cart
   * is not linked to it), or the order was placed before its financing and the shopper is back from
   * the service. The confirmation rolls it forward, or authorizes the loan once it is paid.
   */
  | { next: "confirm"; loan_id: number }
  /** Checked under the cart's lock (prepare-cart-completion.ts), which Medusa's route then answers under. */
  | { next: "check"; completion: CartCompletion }

export interface CartCompletion {
  cart_id: string
  loan: SessionData
  session_amount: SessionRow["amount"]
  /** The cart is already an order's: Medusa's route answers with it. */
  linked: boolean
}

/** Reads the cart's confirmable loan session and the order that holds its payment collection; decides what comes before Medusa's route. */
export const readCartCompletionStep = createStep(readCartCompletionStepId, async (input: { cart_id: string }, { container }) => {
  const cartId = input.cart_id
  const cart = await sessionsAndOrderOfCart(container, cartId)
  const session = cart.sessions.find((s) => isBnplProvider(s.provider_id) && CONFIRMABLE_SESSION[s.status as PaymentSessionStatus])
  const loan = session && readSessionData(session.data)
  if (!session || !loan || !cart.paymentCollectionId) return new StepResponse<CartCompletionPlan>({ next: "complete" })
  const holder = cart.collectionOrderId
  const linked = holder ? await orderOfCart(container, cartId) : undefined
  if (holder && (!linked || awaitsFinancing(session))) return new StepResponse<CartCompletionPlan>({ next: "confirm", loan_id: loan.loan_id })
  const completion: CartCompletion = { cart_id: cartId, loan, session_amount: session.amount, linked: !!linked }
  return new StepResponse<CartCompletionPlan>({ next: "check", completion })
})
