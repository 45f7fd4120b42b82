import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { holdLocksUntil, loanLocksOf } from "../../../lib/ledger/locks"
import { loanOfPayment } from "../../../lib/medusa/queries"
import { answered } from "../../answered"

/**
 * Holds the lock of what the loan pays (its holder's), of the loan whose payment `:id` is, until
 * the answer is sent; answers the loan's cartId, or undefined, holding nothing, for a payment no loan holds.
 */
export async function holdLoanLockOfPayment(req: MedusaRequest, res: MedusaResponse): Promise<string | undefined> {
  // Asked first: a client gone while the lock is awaited still lets it go.
  const answer = answered(res)
  const loan = await loanOfPayment(req.scope, req.params.id)
  if (!loan) return undefined
  await holdLocksUntil(req.scope, await loanLocksOf(req.scope, [loan.service_cart_id]), answer)
  return loan.service_cart_id
}
