import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { bnplFromContainer } from "../../../../../lib/options/resolve-options"
import type { BalanceEligibilityResponse } from "../../../../../storefront/wire"
import { type LangQuery, shopperLang } from "../../query"
import { balanceEligibility } from "./balance-eligibility"
import { readBalanceFacts } from "./balance-facts"

/**
 * GET /store/bnpl/payment-collections/:id: for the payment-link page of an order's balance
 * (`{storefront}/payment-collection/{id}?order_id=…`, Medusa's *Copy payment link*). What the
 * balance is, whether installments may pay it, what became of its loans, and what to do next.
 */
export async function GET(req: MedusaRequest<unknown, LangQuery>, res: MedusaResponse<BalanceEligibilityResponse>): Promise<void> {
  const query = req.validatedQuery
  const { options, client, providerId } = bnplFromContainer(req.scope)
  const facts = await readBalanceFacts(req.scope, client, req.params.id)
  const bnpl = balanceEligibility(facts, options, shopperLang(req, query.lang), providerId)
  res.set({ "cache-control": "no-store" }).json({ bnpl })
}
