import { z } from "zod"
import { describeIssues } from "../describe-issues"

const Body = z.object({
  reason: z.string(),
  amount: z.number().positive(),
  lines: z.array(z.object({ quantity: z.number().int() })),
})

const issuesOf = (body: unknown): string => {
  const parsed = Body.safeParse(body)
  if (parsed.success) throw new Error("the body was expected to be refused")
  return describeIssues(parsed.error)
}

describe("describeIssues: a refused admin request in one line", () => {
  it("names a missing field as required, with the type it takes", () => {
    expect(issuesOf({ amount: 1, lines: [] })).toBe("reason: required (expected string)")
  })

  it("names every bad field, nested ones by their path", () => {
    expect(issuesOf({ reason: "x", amount: -1, lines: [{ quantity: "2" }] })).toBe(
      "amount: expected number to be >0; lines[0].quantity: expected number, received string",
    )
  })
})
