import type { MedusaRequest } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"
import { chooseLang, type Lang } from "../../../storefront/lang"

/** `?lang=`: es, es-MX, en, en-US…; anything else is a bad query, not a silent fallback. */
export const LangParam = z
  .string()
  .regex(/^(es|en)([-_][a-z0-9]{1,8})*$/i, "must be es-MX or en")
  .optional()

/** The query of a route whose only parameter is the shopper's language. */
export const LangQuery = z.object({ lang: LangParam })

/**
 * The query, validated: a bad one is Medusa's 400 `invalid_data`, naming each field and
 * what it must be, e.g. "Invalid query: amount must be a decimal amount such as 1234.50".
 */
export function parseQuery<S extends z.ZodType>(schema: S, req: MedusaRequest): z.infer<S> {
  const result = schema.safeParse(req.query)
  if (result.success) return result.data
  const problems = result.error.issues.map((issue) => `${issue.path.join(".") || "query"} ${issue.message}`)
  throw new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid query: ${problems.join("; ")}`)
}

/** The shopper's language: `?lang=` first, then the browser's Accept-Language, else Spanish. */
export function shopperLang(req: MedusaRequest, lang: string | undefined): Lang {
  return chooseLang(lang, req.get("accept-language"))
}
