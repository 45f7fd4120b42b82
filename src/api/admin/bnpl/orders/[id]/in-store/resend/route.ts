import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { resendByPhoneWorkflow } from "../../../../../../../workflows/resend-by-phone"
import { inStoreSaleOf } from "../../../in-store-sale"
import type { InStoreJson, ResendBody } from "../../../in-store-view"

/** POST /admin/bnpl/orders/:id/in-store/resend `{phone?, channel: w|s}`: the unpaid link again. */
export async function POST(req: AuthenticatedMedusaRequest<ResendBody>, res: MedusaResponse<InStoreJson>) {
  await resendByPhoneWorkflow(req.scope).run({ input: { order_id: req.params.id, ...req.validatedBody } })
  res.json(await inStoreSaleOf(req.scope, req.params.id))
}
