import type { Request, RequestHandler } from "express"
import { RefundRequest, type RefundResponse } from "../../lib/bnpl/wire"
import type { SandboxContext } from "../context"
import type { LostReply } from "../faults/config"
import { describeIssues } from "../issues"
import { decimalToCents } from "../money"
import { requestRefund } from "../refunds"
import { noteReason, recordOf } from "./notes"
import { recordedBody } from "./recorder"
import { posMerchant } from "./pos-merchant"
import { sendServiceError } from "./service-errors"

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
    const answer = (refundId: number, refundStatus: RefundResponse["refundStatus"], refundDate: string): RefundResponse => ({
      refundId,
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
        if (outcome.byFault) markFault(req, "reject")
        return void res.json(answer(outcome.refundId, "REJECTED", outcome.refundDate))
      case "accepted": {
        const { refund } = outcome
        const lost = ctx.faults.losesRefundReply()
        if (lost) return loseReply(ctx, req, lost, refund.refundId)
        return void res.json(answer(refund.refundId, "REQUESTED", refund.refundDate))
      }
    }
  }
}

/**
 * The refund is recorded and will settle; only the answer goes missing, as when the service
 * commits and then its reply dies on the way. The request stays recorded with the fault named.
 */
function loseReply(ctx: SandboxContext, req: Request, lost: LostReply, refundId: number): void {
  markFault(req, lost === "hang" ? "apply-then-hang" : "apply-then-reset")
  const fault = lost === "hang" ? "applyThenHangRate or applyThenFailNext" : "applyThenFailNext"
  ctx.log(`[sandbox] refund ${refundId} recorded, reply lost (${lost}): fault injected (refund.${fault})`)
  // A hung request is left open; close() destroys its socket.
  if (lost === "reset") req.socket.destroy()
}

function markFault(req: Request, fault: "reject" | "apply-then-hang" | "apply-then-reset"): void {
  const record = recordOf(req)
  if (!record) return
  record.fault = fault
  record.body = recordedBody(req)
}
