import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { holdLoanLockOfPayment } from "./hold-loan-lock"

/**
 * `POST /admin/payments/:id/capture` (the order page's *Capture*) on a payment a loan holds, one
 * at a time. Medusa answers a capture of a payment already captured with 200 and adds its
 * captures to the order again, checking for them first: a second request that lands while the
 * first is recording (a double click, two admins) adds the same capture twice, and the order's
 * paid total counts the loan twice. Under the cart's lock the second finds the first's record.
 */
export async function captureOnce(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  await holdLoanLockOfPayment(req, res)
  next()
}
