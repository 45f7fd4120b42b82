import type { RequestHandler } from "express"
import type { SandboxContext } from "../context"
import { describeIssues } from "../issues"
import { resendCheckout } from "../outbox"
import { SendCheckoutRequest } from "../wire"
import { posMerchant } from "./pos-merchant"
import { sendServiceError } from "./service-errors"

/** POST /merchant/send-checkout/:cartId: the cart's checkout link again, to a phone, by WhatsApp and/or SMS. 200, no body. */
export function sendCheckoutRoute(ctx: SandboxContext): RequestHandler {
  return (req, res) => {
    const merchant = posMerchant(ctx, req, res)
    if (!merchant) return
    const parsed = SendCheckoutRequest.safeParse(req.body)
    if (!parsed.success) return sendServiceError(req, res, 400, describeIssues(parsed.error))
    const { cartId } = req.params
    const outcome = resendCheckout(ctx, merchant, cartId, parsed.data)
    switch (outcome.kind) {
      case "unknown-cart":
        return sendServiceError(req, res, 400, `no payment for cartId ${cartId}: create one with POST /api/pos/loan`)
      case "not-payable":
        return sendServiceError(req, res, 400, outcome.reason)
      case "sent":
        return void res.status(200).end()
    }
  }
}
