import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { cancelByPhone } from "../../../in-store-sale"
import type { InStoreJson } from "../../../in-store-view"

/** POST /admin/bnpl/orders/:id/in-store/cancel: the unpaid loan cancelled at the service, its session deleted. */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse<InStoreJson>) {
  res.json(await cancelByPhone(req.scope, req.params.id))
}
