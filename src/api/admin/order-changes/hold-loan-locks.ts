import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { holdCartLock } from "../../../lib/ledger/ledger"
import { orderPayments } from "../../../lib/ledger/queries"

/**
 * `POST /admin/returns`, `/admin/exchanges`, `/admin/claims` and `/admin/order-edits` on an order
 * loans paid: opening the change waits for the loans' cart locks, which an order page refund holds
 * until Medusa has recorded it. Medusa records a refund beyond what the order owes with an order
 * change of its own, which fails once another change is open, after the money has left; a refund
 * asked once the change is open is refused before it is sent (lib/ledger/order-change-guard.ts).
 */
export async function holdLoanLocksWhileOpeningChange(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const orderId = (req.body as { order_id?: unknown } | undefined)?.order_id
  if (typeof orderId !== "string") return next()
  const releases: Array<() => Promise<void>> = []
  const releaseAll = () => Promise.all(releases.map((release) => release())).catch(() => undefined)
  try {
    const carts = [...new Set((await orderPayments(req.scope, orderId)).map((payment) => payment.session.cart_id))].sort()
    for (const cartId of carts) releases.push(await holdCartLock(req.scope, cartId))
  } catch (error) {
    await releaseAll()
    return next(error)
  }
  if (releases.length) res.on("close", () => void releaseAll())
  next()
}
