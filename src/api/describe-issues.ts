import type { z } from "zod"

/**
 * A bad admin query or body in the merchant's terms, one line naming every bad field, e.g.
 * `limit: expected number, received string; reason: required (expected string)`: the admin's
 * developer sees what to fix without reading the schema.
 */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map(describeIssue).join("; ")
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = fieldPath(issue.path)
  const message = issue.message.replace(/^(Invalid input|Too small|Too big): /, "")
  const missing = /^expected (\w+), received undefined$/.exec(message)
  const text = missing ? `required (expected ${missing[1]})` : message
  return where ? `${where}: ${text}` : text
}

function fieldPath(path: PropertyKey[]): string {
  return path.map((key, index) => (typeof key === "number" ? `[${key}]` : `${index === 0 ? "" : "."}${String(key)}`)).join("")
}
