import { MedusaError } from "@medusajs/framework/utils"
import type { z } from "zod"
import { describeIssues } from "../../../../sandbox/issues"

/**
 * Parses what an admin sent, or answers 400 (`invalid_data`) naming every bad
 * field, through Medusa's own error handler.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, where: "query" | "body"): z.infer<S> {
  const parsed = schema.safeParse(input ?? {})
  if (parsed.success) return parsed.data
  throw new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid ${where}: ${describeIssues(parsed.error)}`)
}
