import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { bnplFromContainer } from "../../../../lib/options/resolve-options"
import { excludesAny, exclusionOf } from "../../../../lib/catalog/exclusions"
import { productFacts } from "../../../../lib/catalog/excluded-items"
import { buildOffer, excludingProducts } from "../../../../storefront/offer-rules"
import type { OfferResponse } from "../../../../storefront/wire"
import { type OfferQuery, shopperLang } from "../query"

/**
 * GET /store/bnpl/offer?amount=1234.50&currency_code=mxn[&product_id=prod_…]: for a product
 * page, with no cart. The same eligibility rules as session creation, and the plan to
 * advertise, in the currency's major units. Without excluded products in the options it reads
 * only the options already in memory, so it is cheap and may be cached briefly by browsers and
 * CDNs; with them, a given product is read to check it.
 */
export async function GET(req: MedusaRequest<unknown, OfferQuery>, res: MedusaResponse<OfferResponse>): Promise<void> {
  const query = req.validatedQuery
  const { options } = bnplFromContainer(req.scope)
  const lang = shopperLang(req, query.lang)
  let offer = buildOffer(query.amount, query.currency_code, options, lang)
  if (query.product_id && excludesAny(options)) {
    const [product] = await productFacts(req.scope, [query.product_id])
    if (product && exclusionOf(product, options)) offer = excludingProducts(offer, [product.title])
  }
  res.set({ "cache-control": "public, max-age=60", vary: "Accept-Language" }).json({ offer })
}
