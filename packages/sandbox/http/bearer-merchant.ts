import type { Request, Response } from "express"
import type { SandboxContext } from "../context"
import type { Merchant } from "../state"
import { redeemToken } from "../tokens"
import { header } from "./notes"
import { sendServiceError } from "./service-errors"

/**
 * The merchant behind `Authorization: Bearer <token from /api/auth>` and `merchant_id`, or
 * undefined once a 401 has been sent. The token is spent before the body is read: every
 * request costs one, valid or not.
 */
export function bearerMerchant(ctx: SandboxContext, req: Request, res: Response): Merchant | undefined {
  const redemption = redeemToken(ctx, header(req, "authorization"))
  if (!redemption.ok) {
    sendServiceError(req, res, 401, redemption.reason)
    return undefined
  }
  const merchantId = header(req, "merchant_id")
  if (merchantId !== String(redemption.merchantId)) {
    const given = merchantId === undefined ? "missing" : `'${merchantId}'`
    sendServiceError(req, res, 401, `merchant_id header is ${given}; it must be the merchantId the token was issued to`)
    return undefined
  }
  const merchant = ctx.state.merchants.find((candidate) => candidate.merchantId === redemption.merchantId)
  if (!merchant?.approved) sendServiceError(req, res, 401, `merchant ${redemption.merchantId} is not approved`)
  return merchant?.approved ? merchant : undefined
}
