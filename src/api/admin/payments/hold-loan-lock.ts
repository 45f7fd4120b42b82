import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { holdLoanLocks } from "../../../lib/ledger/locks"
import { loanOfPayment } from "../../../lib/ledger/queries"

/**
 * Holds the lock of what the loan pays (its holder's), of the loan whose payment `:id` is, until
 * the answer is sent; answers the loan's cartId, or undefined, holding nothing, for a payment no loan holds.
 */
export async function holdLoanLockOfPayment(req: MedusaRequest, res: MedusaResponse): Promise<string | undefined> {
  const loan = await loanOfPayment(req.scope, req.params.id)
  if (!loan) return undefined
  const release = await holdLoanLocks(req.scope, [loan.cart_id])
  res.on("close", () => void release().catch(() => undefined))
  return loan.cart_id
}
