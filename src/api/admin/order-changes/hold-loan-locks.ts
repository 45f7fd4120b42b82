import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { holdLoanLocks } from "../../../lib/ledger/locks"
import { orderPayments } from "../../../lib/ledger/queries"

/**
 * `POST /admin/returns`, `/admin/exchanges`, `/admin/claims` and `/admin/order-edits` on an order
 * loans paid: opening the change waits for the locks of what the loans pay, which an order page refund holds
 * until Medusa has recorded it. Medusa records a refund beyond what the order owes with an order
 * change of its own, which fails once another change is open, after the money has left; a refund
 * asked once the change is open is refused before it is sent (lib/ledger/order-change-guard.ts).
 */
export async function holdLoanLocksWhileOpeningChange(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const orderId = (req.body as { order_id?: unknown } | undefined)?.order_id
  if (typeof orderId !== "string") return next()
  let release: () => Promise<void>
  try {
    release = await holdLoanLocks(
      req.scope,
      (await orderPayments(req.scope, orderId)).map((payment) => payment.session.cart_id),
    )
  } catch (error) {
    return next(error)
  }
  res.on("close", () => void release().catch(() => undefined))
  next()
}
