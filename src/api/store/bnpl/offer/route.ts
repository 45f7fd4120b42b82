import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { z } from "zod"
import { bnplFromContainer } from "../../../../lib/bnpl/resolve-options"
import { excludesAny, exclusionOf } from "../../../../lib/catalog/exclusions"
import { productFacts } from "../../../../lib/catalog/excluded-items"
import { buildOffer, excludingProducts } from "../../../../storefront/offer-rules"
import type { OfferResponse } from "../../../../storefront/wire"
import { LangParam, parseQuery, shopperLang } from "../query"

const OfferQuery = z.object({
  amount: z.string({ error: "is required" }).regex(/^\d{1,12}(\.\d{1,12})?$/, "must be a decimal amount in major units, such as 1234.50"),
  currency_code: z.string({ error: "is required" }).regex(/^[a-z]{3}$/i, "must be a three-letter currency code, such as mxn"),
  product_id: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,64}$/, "must be a product id, such as prod_01…")
    .optional(),
  lang: LangParam,
})

/**
 * GET /store/bnpl/offer?amount=1234.50&currency_code=mxn[&product_id=prod_…]: for a product
 * page, with no cart. The same eligibility rules as session creation, and the plan to
 * advertise, in the currency's major units. Without excluded products in the options it reads
 * only the options already in memory, so it is cheap and may be cached briefly by browsers and
 * CDNs; with them, a given product is read to check it.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse<OfferResponse>): Promise<void> {
  const query = parseQuery(OfferQuery, req)
  const { options } = bnplFromContainer(req.scope)
  const lang = shopperLang(req, query.lang)
  let offer = buildOffer(query.amount, query.currency_code, options, lang)
  if (query.product_id && excludesAny(options)) {
    const [product] = await productFacts(req.scope, [query.product_id])
    if (product && exclusionOf(product, options)) offer = excludingProducts(offer, [product.title])
  }
  res.set({ "cache-control": "public, max-age=60", vary: "Accept-Language" }).json({ offer })
}
