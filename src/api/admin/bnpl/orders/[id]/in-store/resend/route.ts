import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { resendByPhone } from "../../../in-store-sale"
import type { InStoreJson, ResendBody } from "../../../in-store-view"

/** POST /admin/bnpl/orders/:id/in-store/resend `{phone?, channel: w|s}`: the unpaid link again. */
export async function POST(req: AuthenticatedMedusaRequest<ResendBody>, res: MedusaResponse<InStoreJson>) {
  res.json(await resendByPhone(req.scope, req.params.id, req.validatedBody))
}
