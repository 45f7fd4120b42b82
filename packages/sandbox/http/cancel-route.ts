import type { RequestHandler } from "express"
import { cancelCart } from "../cancellation"
import type { SandboxContext } from "../context"
import { describeIssues } from "../issues"
import { CancelRequest, type CancelResponse } from "../wire"
import { posMerchant } from "./pos-merchant"
import { sendServiceError } from "./service-errors"
import { answerWrite } from "./write-reply"

/** POST /api/pos/loan/cancel (docs/service-api.md, "Cancel"). `totalAmount` is informational and not checked. */
export function cancelRoute(ctx: SandboxContext): RequestHandler {
  return (req, res) => {
    const merchant = posMerchant(ctx, req, res)
    if (!merchant) return
    const parsed = CancelRequest.safeParse(req.body)
    if (!parsed.success) return sendServiceError(req, res, 400, describeIssues(parsed.error))
    const { cartId } = parsed.data
    const outcome = cancelCart(ctx, merchant, cartId)
    switch (outcome.kind) {
      case "unknown-cart":
        return sendServiceError(req, res, 404, `no loan for cartId ${cartId}`)
      case "paid":
        return sendServiceError(req, res, 400, "loan is paid; refund it instead")
      case "cancelled": {
        const answer: CancelResponse = { cartId, status: "CANCELLED", requestDate: outcome.requestDate, updateDate: outcome.updateDate }
        // A repeated cancel is answered 200 too, and can lose its reply the same way: it is as applied as the first.
        return answerWrite(ctx, req, res, "cancel", `cancel of cart ${cartId} applied`, answer)
      }
    }
  }
}
