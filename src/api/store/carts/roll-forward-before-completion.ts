import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { PaymentSessionStatus } from "@medusajs/framework/utils"
import { cartPayment, orderOfCart, orderOfPaymentCollection } from "../../../loans/queries"
import { PROVIDER_ID, readSessionData } from "../../../providers/bnpl/session-data"
import { CONFIRMABLE_SESSION } from "../../../providers/bnpl/status"
import { confirmLoanWorkflow } from "../../../workflows/confirm-loan"

/**
 * The storefront completes a cart through Medusa's own route, which the
 * webhook and reconciliation never pass through. When a completion a crash
 * cut short already placed the order (it holds the cart's payment
 * collection, but the cart is not linked to it), the confirmation workflow
 * rolls it forward first: Medusa's route then finds the cart's order instead
 * of placing a second one.
 */
export async function rollForwardBeforeCompletion(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const cartId = req.params.id
  const cart = await cartPayment(req.scope, cartId)
  const session = cart.sessions.find((s) => s.provider_id === PROVIDER_ID && CONFIRMABLE_SESSION[s.status as PaymentSessionStatus])
  const loan = session && readSessionData(session.data)
  if (!loan || !cart.paymentCollectionId) return next()
  const [holder, linked] = await Promise.all([orderOfPaymentCollection(req.scope, cart.paymentCollectionId), orderOfCart(req.scope, cartId)])
  if (holder && !linked) await confirmLoanWorkflow(req.scope).run({ input: { cart_id: cartId, loan_id: loan.loan_id } })
  next()
}
