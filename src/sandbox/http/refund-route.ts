import type { RequestHandler } from "express"
import { RefundRequest, type RefundResponse } from "../../providers/bnpl/wire"
import type { SandboxContext } from "../context"
import { describeIssues } from "../issues"
import { decimalToCents } from "../money"
import { requestRefund } from "../refunds"
import { noteReason } from "./notes"
import { posMerchant } from "./pos-merchant"
import { sendServiceError } from "./service-errors"

/** POST /api/pos/loan/refund (service-api.md): partial or total refund of the cart's paid loan. */
export function refundRoute(ctx: SandboxContext): RequestHandler {
  return (req, res) => {
    const merchant = posMerchant(ctx, req, res)
    if (!merchant) return
    const parsed = RefundRequest.safeParse(req.body)
    if (!parsed.success) return sendServiceError(req, res, 400, describeIssues(parsed.error))
    if (decimalToCents(parsed.data.totalAmount) === 0) {
      return sendServiceError(req, res, 400, "totalAmount: must be greater than 0")
    }
    const { cartId } = parsed.data
    const outcome = requestRefund(ctx, merchant, parsed.data)
    if (outcome.kind === "no-paid-loan") return sendServiceError(req, res, 400, `no paid loan for cartId ${cartId}`)
    const { refundId, refundStatus, refundDate } = outcome
    if (refundStatus === "REJECTED") noteReason(res, "refund REJECTED: totalAmount exceeds what is left to refund")
    const answer: RefundResponse = { refundId, merchantId: merchant.merchantId, cartId, refundStatus, refundDate }
    res.json(answer)
  }
}
