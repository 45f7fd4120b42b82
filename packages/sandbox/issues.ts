import type { z } from "zod"

/**
 * One line naming every bad field, e.g.
 * `totalPrice: expected number, received string; cartId: required (expected string)`,
 * the way stripe-mock tells a developer exactly what to fix.
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
