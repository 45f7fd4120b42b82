import type { Request, Response } from "express"
import type { SandboxContext } from "../context"
import { authenticateMerchant } from "../merchants"
import type { Merchant } from "../state"
import { header } from "./notes"
import { sendServiceError } from "./service-errors"

/**
 * The pos endpoints authenticate with the `api_token` and `merchant_id` headers, no Bearer
 * token (docs/service-api.md, "Authentication"). Anything but an approved merchant's pair is
 * answered 401; the service shows no such error, so the sandbox uses its error body.
 */
export function posMerchant(ctx: SandboxContext, req: Request, res: Response): Merchant | undefined {
  const apiToken = header(req, "api_token")
  const merchantId = header(req, "merchant_id")
  if (!apiToken || !merchantId) {
    sendServiceError(req, res, 401, "missing api_token or merchant_id header")
    return undefined
  }
  const merchant = /^\d+$/.test(merchantId) ? authenticateMerchant(ctx.state, Number(merchantId), apiToken) : undefined
  if (!merchant) {
    sendServiceError(req, res, 401, "api_token and merchant_id do not match a merchant")
    return undefined
  }
  if (!merchant.approved) {
    sendServiceError(req, res, 401, `merchant ${merchant.merchantId} is not approved`)
    return undefined
  }
  return merchant
}
