import type { MedusaRequest } from "@medusajs/framework/http"
import { z } from "zod"
import { chooseLang, type Lang } from "../../../storefront/lang"

/** `?lang=`: es, es-MX, en, en-US…; anything else is a bad query, not a silent fallback. */
export const LangParam = z
  .string()
  .regex(/^(es|en)([-_][a-z0-9]{1,8})*$/i, "must be es-MX or en")
  .optional()

/** The query of a route whose only parameter is the shopper's language. */
export const LangQuery = z.object({ lang: LangParam })
export type LangQuery = z.infer<typeof LangQuery>

/** GET /store/bnpl/offer's query: an amount in its currency's major units, and the product page's product, if any. */
export const OfferQuery = z.object({
  amount: z.string({ error: "is required" }).regex(/^\d{1,12}(\.\d{1,12})?$/, "must be a decimal amount in major units, such as 1234.50"),
  currency_code: z.string({ error: "is required" }).regex(/^[a-z]{3}$/i, "must be a three-letter currency code, such as mxn"),
  product_id: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,64}$/, "must be a product id, such as prod_01…")
    .optional(),
  lang: LangParam,
})
export type OfferQuery = z.infer<typeof OfferQuery>

/**
 * A bad store query in the storefront developer's terms (middlewares.ts validates with it): each
 * field and what it must be, e.g. "amount must be a decimal amount in major units, such as 1234.50".
 */
export function describeQueryIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join(".") || "query"} ${issue.message}`).join("; ")
}

/** The shopper's language: `?lang=` first, then the browser's Accept-Language, else Spanish. */
export function shopperLang(req: MedusaRequest, lang: string | undefined): Lang {
  return chooseLang(lang, req.get("accept-language"))
}
