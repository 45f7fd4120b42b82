import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { z } from "zod"
import { bnplFromContainer } from "../../../../lib/bnpl/resolve-options"
import { buildOffer } from "../../../../storefront/offer-rules"
import type { OfferResponse } from "../../../../storefront/wire"
import { LangParam, parseQuery, shopperLang } from "../query"

const OfferQuery = z.object({
  amount: z.string({ error: "is required" }).regex(/^\d{1,12}(\.\d{1,12})?$/, "must be a decimal amount in major units, such as 1234.50"),
  currency_code: z.string({ error: "is required" }).regex(/^[a-z]{3}$/i, "must be a three-letter currency code, such as mxn"),
  lang: LangParam,
})

/**
 * GET /store/bnpl/offer?amount=1234.50&currency_code=mxn: for a product page, with no cart.
 * The same eligibility rules as session creation, and the plan to advertise, in the
 * currency's minor units. It reads only the options already in memory, so it is cheap and
 * may be cached briefly by browsers and CDNs.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse<OfferResponse>): Promise<void> {
  const query = parseQuery(OfferQuery, req)
  const { options } = bnplFromContainer(req.scope)
  const offer = buildOffer(query.amount, query.currency_code, options, shopperLang(req, query.lang))
  res.set({ "cache-control": "public, max-age=60", vary: "Accept-Language" }).json({ offer })
}
