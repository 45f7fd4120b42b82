import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { withRefundSender } from "../../../lib/bnpl/refund-sender"
import { holdCartLock } from "../../../lib/ledger/ledger"
import { loanOfPayment } from "../../../lib/ledger/queries"
import { bookingSender } from "../../../lib/ledger/refund-book"

/**
 * `POST /admin/payments/:id/refund` (the order page's *Refund*) on a payment a loan holds:
 * Medusa's route answers, and its call to the provider is booked by the plugin before it is
 * sent (src/lib/bnpl/refund-sender.ts). The cart's lock is held until the answer is sent, so no
 * confirmation, refund check or other refund of the loan runs between Medusa's record of the
 * refund and the service's reply.
 */
export async function bookOrderPageRefund(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const loan = await loanOfPayment(req.scope, req.params.id)
  if (!loan) return next()
  const release = await holdCartLock(req.scope, loan.cart_id)
  res.on("close", () => void release().catch(() => undefined))
  withRefundSender(bookingSender(req.scope, "refund from Medusa admin"), () => next())
}
