import type { RequestHandler } from "express"
import type { LoanRecord } from "../wire"
import type { SandboxContext } from "../context"
import { loanRecord } from "../records"
import { loansOfCart } from "../state"
import { shownLoan } from "../visibility"
import { posMerchant } from "./pos-merchant"
import { withExtraFields } from "./extra-fields"

/**
 * GET /api/pos/loan/:cartId (docs/service-api.md, "Status"): one record per loan of the cart, oldest
 * first, a payment showing `visibleAfterMs` after it was made.
 * An unknown cart answers 200 with an empty list: the service shows no error for it, and "no
 * loan for this cart" is exactly what an empty array says.
 */
export function statusRoute(ctx: SandboxContext): RequestHandler {
  return (req, res) => {
    const merchant = posMerchant(ctx, req, res)
    if (!merchant) return
    const records: LoanRecord[] = loansOfCart(ctx.state, merchant.merchantId, req.params.cartId).map((loan) =>
      withExtraFields(ctx, loanRecord(shownLoan(ctx, loan), ctx.extensions)),
    )
    res.json(records)
  }
}
