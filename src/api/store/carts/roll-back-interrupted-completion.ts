import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { rollBackInterruptedCompletion } from "../../../workflows/interrupted-completion"

/**
 * The storefront completes a cart through Medusa's own route, which the
 * webhook and reconciliation paths never pass through. An order that an
 * earlier, killed completion left without a cart is removed first, so this
 * completion does not place a second one (see interrupted-completion.ts).
 */
export async function rollBackBeforeCompletion(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  await rollBackInterruptedCompletion(req.scope, req.params.id)
  next()
}
