import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { bnplFromContainer } from "../../../../../lib/options/resolve-options"
import type { CartEligibilityResponse } from "../../../../../storefront/wire"
import { type LangQuery, shopperLang } from "../../../bnpl/query"
import { readCartFacts } from "./cart-facts"
import { cartEligibility } from "./eligibility"

/**
 * GET /store/carts/:id/bnpl: for the payment step. May this cart pay in installments, why
 * not (in the shopper's words), what became of its loan, and what to do next. When the
 * service cannot be asked, it answers from what the store knows and says so
 * (`status_known: false`); the shopper never sees the service's error.
 */
export async function GET(req: MedusaRequest<unknown, LangQuery>, res: MedusaResponse<CartEligibilityResponse>): Promise<void> {
  const query = req.validatedQuery
  const { options, client, providerId } = bnplFromContainer(req.scope)
  const facts = await readCartFacts(req.scope, client, req.params.id)
  if (!facts.live) {
    const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
    logger.warn(`[bnpl] cart ${facts.cartId}: the status query failed; the storefront was answered from the store's records`)
  }
  const bnpl = { ...cartEligibility(facts, options, shopperLang(req, query.lang)), provider_id: providerId }
  res.set({ "cache-control": "no-store" }).json({ bnpl })
}
