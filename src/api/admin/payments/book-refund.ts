import type { AuthenticatedMedusaRequest, MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { type AskedRefund, withHandOver } from "../../../lib/provider-channel/hand-over"
import { bookingSender } from "../../../lib/money/refund-book"
import { holdLoanLockOfPayment } from "./hold-loan-lock"
import { answered } from "../../answered"

/**
 * `POST /admin/payments/:id/refund` (the order page's *Refund*) on a payment a loan holds:
 * Medusa's route answers, and its call to the provider is booked by the plugin before it is
 * sent (src/lib/provider-channel/hand-over.ts). The cart's lock is held until the answer is sent, so no
 * confirmation, refund check or other refund of the loan runs between Medusa's record of the
 * refund and the service's reply.
 */
export async function bookOrderPageRefund(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const cartId = await holdLoanLockOfPayment(req, res)
  if (!cartId) return next()
  // Medusa's route records the refund on this payment, by this admin.
  const paymentId = req.params.id
  const actor = (req as AuthenticatedMedusaRequest).auth_context.actor_id
  const refunds = {
    send: bookingSender(req.scope, "refund from Medusa admin"),
    asked: (refund: AskedRefund) => refund.payment_id === paymentId && (refund.created_by ?? undefined) === actor,
  }
  await withHandOver({ refunds }, { carts: [cartId], lasts: answered(res) }, () => next())
}
