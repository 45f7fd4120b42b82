import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { cancelByPhoneWorkflow } from "../../../../../../../workflows/cancel-by-phone"
import { inStoreSaleOf } from "../../../in-store-sale"
import type { InStoreJson } from "../../../in-store-view"

/** POST /admin/bnpl/orders/:id/in-store/cancel: the unpaid loan cancelled at the service, its session deleted. */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse<InStoreJson>) {
  await cancelByPhoneWorkflow(req.scope).run({ input: { order_id: req.params.id } })
  res.json(await inStoreSaleOf(req.scope, req.params.id))
}
