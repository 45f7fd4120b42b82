import type { RequestHandler } from "express"
import type { DetailedRefundRecord, RefundRecord } from "../wire"
import type { SandboxContext } from "../context"
import type { Refund } from "../state"
import { loansOfCart } from "../state"
import { refundShown } from "../visibility"
import { posMerchant } from "./pos-merchant"
import { withExtraFields } from "./extra-fields"

/**
 * GET /api/pos/loan/refund/:cartId: every refund of the cart's loans, oldest first, each listed
 * `visibleAfterMs` after it was made; an unknown cart has none. Each entry holds what the documentation promises and nothing more
 * (no amount, no refund id, no loan id), unless the `refundHistoryDetails` extension is on.
 */
export function refundHistoryRoute(ctx: SandboxContext): RequestHandler {
  return (req, res) => {
    const merchant = posMerchant(ctx, req, res)
    if (!merchant) return
    const entries = loansOfCart(ctx.state, merchant.merchantId, req.params.cartId)
      .flatMap((loan) => loan.refunds)
      .filter((refund) => refundShown(ctx, refund))
      .map((refund) => historyEntry(ctx, refund))
    res.json(entries)
  }
}

function historyEntry(ctx: SandboxContext, refund: Refund): RefundRecord | DetailedRefundRecord {
  const refundDate = ctx.answers.historyDate === "date" ? refund.refundDate.slice(0, 10) : refund.refundDate
  const entry: RefundRecord = withExtraFields(ctx, { cartId: refund.cartId, status: refund.status, refundDate })
  return ctx.extensions.refundHistoryDetails ? { ...entry, totalAmount: refund.totalAmount, refundId: refund.refundId } : entry
}
