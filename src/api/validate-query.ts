import { validateAndTransformBody, validateAndTransformQuery } from "@medusajs/framework/http"
import { z } from "zod"

/**
 * Medusa's `validateAndTransformQuery` for a plugin route's query, declared in middlewares.ts:
 * the route reads `req.validatedQuery`; a bad query is Medusa's 400 `invalid_data`,
 * "Invalid request: " followed by `describe`'s line, which names every bad field.
 *
 * The schema is handed to Medusa inside one check, rather than as it is, for two reasons.
 * Medusa words each zod issue its own way, keeping only the first three and dropping the field
 * from a schema's own message ("lang must be es-MX or en" would read "must be es-MX or en").
 * And Medusa makes every object schema strict, where the store routes ignore parameters they
 * do not take (a storefront's cache buster): the schema, strict or not, decides.
 */
export function validateQuery(schema: z.ZodType, describe: (error: z.ZodError) => string) {
  const checked = z.unknown().transform((query, ctx) => {
    const parsed = schema.safeParse(query)
    if (parsed.success) return parsed.data
    ctx.issues.push({ code: "custom", message: describe(parsed.error), input: query })
    return z.NEVER
  })
  return validateAndTransformQuery(checked, {})
}

/** `validateQuery`'s twin for a plugin route's body (Medusa's `validateAndTransformBody`): the route reads `req.validatedBody`. */
export function validateBody(schema: z.ZodType, describe: (error: z.ZodError) => string) {
  const checked = z.unknown().transform((body, ctx) => {
    const parsed = schema.safeParse(body ?? {})
    if (parsed.success) return parsed.data
    ctx.issues.push({ code: "custom", message: describe(parsed.error), input: body })
    return z.NEVER
  })
  return validateAndTransformBody(checked)
}
