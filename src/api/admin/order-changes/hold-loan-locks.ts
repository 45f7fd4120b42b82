import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { holdLocksUntil, loanLocksOf } from "../../../lib/ledger/locks"
import { orderPayments } from "../../../lib/medusa/queries"
import { answered } from "../../answered"

/**
 * `POST /admin/returns`, `/admin/exchanges`, `/admin/claims` and `/admin/order-edits` on an order
 * loans paid: opening the change waits for the locks of what the loans pay, which an order page refund holds
 * until Medusa has recorded it. Medusa records a refund beyond what the order owes with an order
 * change of its own, which fails once another change is open, after the money has left; a refund
 * asked once the change is open is refused before it is sent (lib/money/order-change-guard.ts).
 */
export async function holdLoanLocksWhileOpeningChange(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const orderId = (req.body as { order_id?: unknown } | undefined)?.order_id
  if (typeof orderId !== "string") return next()
  // Asked first: a client gone while the locks are awaited still lets them go.
  const answer = answered(res)
  try {
    const carts = (await orderPayments(req.scope, orderId)).map((payment) => payment.session.service_cart_id)
    await holdLocksUntil(req.scope, await loanLocksOf(req.scope, carts), answer)
  } catch (error) {
    return next(error)
  }
  next()
}
