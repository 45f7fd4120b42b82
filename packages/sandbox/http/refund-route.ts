import type { RequestHandler } from "express"
import type { SandboxContext } from "../context"
import { describeIssues } from "../issues"
import { decimalToCents } from "../money"
import { requestRefund } from "../refunds"
import { RefundRequest, type RefundResponse } from "../wire"
import { noteReason } from "./notes"
import { posMerchant } from "./pos-merchant"
import { recordFault } from "./recorder"
import { sendServiceError } from "./service-errors"
import { answerWrite } from "./write-reply"
import { withExtraFields } from "./extra-fields"

/** POST /api/pos/loan/refund (docs/service-api.md, "Refund"): partial or total refund of the cart's paid loan. */
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
    const answer = (refundId: number, refundStatus: RefundResponse["refundStatus"], refundDate: string): RefundResponse =>
      withExtraFields(ctx, {
        refundId: ctx.answers.refundId === "string" ? `RF-${refundId}` : refundId,
        merchantId: merchant.merchantId,
        cartId,
        refundStatus,
        refundDate,
      })
    switch (outcome.kind) {
      case "no-paid-loan":
        return sendServiceError(req, res, 400, `no paid loan for cartId ${cartId}`)
      case "rejected":
        noteReason(res, `refund REJECTED: ${outcome.reason}`)
        if (outcome.byFault) recordFault(req, "reject")
        return void res.json(answer(outcome.refundId, "REJECTED", outcome.refundDate))
      case "accepted": {
        const { refund } = outcome
        // Only an accepted refund was applied; a REJECTED one changed nothing, so its reply is never lost.
        return answerWrite(
          ctx,
          req,
          res,
          "refund",
          `refund ${refund.refundId} recorded`,
          answer(refund.refundId, ctx.answers.acceptedRefundStatus, refund.refundDate),
        )
      }
    }
  }
}
