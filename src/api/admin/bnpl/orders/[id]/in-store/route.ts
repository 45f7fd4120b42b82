import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { sellByPhoneWorkflow } from "../../../../../../workflows/sell-by-phone"
import { inStoreSaleOf } from "../../in-store-sale"
import type { InStoreJson, SendByPhoneBody } from "../../in-store-view"

/**
 * GET /admin/bnpl/orders/:id/in-store: the order page's *Send installments link* card (the
 * collection that asks for money, the phone on the order, the offered channels, and the newest
 * sale by phone with its live status). The answer is documented in ../../in-store-view.ts.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse<InStoreJson>) {
  res.json(await inStoreSaleOf(req.scope, req.params.id))
}

/** POST /admin/bnpl/orders/:id/in-store `{phone, channel, shop_id?}`: a payment by phone for what the open collection asks. */
export async function POST(req: AuthenticatedMedusaRequest<SendByPhoneBody>, res: MedusaResponse<InStoreJson>) {
  await sellByPhoneWorkflow(req.scope).run({ input: { order_id: req.params.id, ...req.validatedBody } })
  res.json(await inStoreSaleOf(req.scope, req.params.id))
}
