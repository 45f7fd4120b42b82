import type { RequestHandler } from "express"
import type { RefundRecord } from "../../providers/bnpl/wire"
import type { SandboxContext } from "../context"
import { loansOfCart } from "../state"
import { posMerchant } from "./pos-merchant"

/**
 * GET /api/pos/loan/refund/:cartId: every refund of the cart's loans, oldest first; an
 * unknown cart has none. `totalAmount` and `refundId` go beyond the published format so
 * a merchant can tell refunds apart.
 */
export function refundHistoryRoute(ctx: SandboxContext): RequestHandler {
  return (req, res) => {
    const merchant = posMerchant(ctx, req, res)
    if (!merchant) return
    const records: RefundRecord[] = loansOfCart(ctx.state, merchant.merchantId, req.params.cartId)
      .flatMap((loan) => loan.refunds)
      .map((refund) => ({
        cartId: refund.cartId,
        status: refund.status,
        refundDate: refund.refundDate,
        totalAmount: refund.totalAmount,
        refundId: refund.refundId,
      }))
    res.json(records)
  }
}
