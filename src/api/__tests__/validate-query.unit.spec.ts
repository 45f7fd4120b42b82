import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import type { z } from "zod"
import { describeIssues } from "../describe-issues"
import { ActionBody, SettleRefundBody } from "../admin/bnpl/loans/action-body"
import { ListLoansQuery } from "../admin/bnpl/loans/ledger-view"
import { OrderLoanQuery } from "../admin/bnpl/orders/loan-view"
import { describeQueryIssues, OfferQuery } from "../store/bnpl/query"
import { validateBody, validateQuery } from "../validate-query"

type Middleware = (req: MedusaRequest, res: MedusaResponse, next: (error?: unknown) => void) => unknown

/** Runs a middleware as Medusa's router does: the request it passed on, or the error. */
async function through(middleware: Middleware, req: MedusaRequest): Promise<{ req: MedusaRequest } | { error: MedusaError }> {
  let passed: unknown = "not called"
  await middleware(req, {} as MedusaResponse, (error?: unknown) => (passed = error))
  return passed ? { error: passed as MedusaError } : { req }
}

/** A query as Express parses it: what the route reads, or the error. */
async function validate(
  schema: z.ZodType,
  describe: (error: z.ZodError) => string,
  query: Record<string, unknown>,
): Promise<{ error?: MedusaError; query?: unknown }> {
  const done = await through(validateQuery(schema, describe), { query, allowed: [] } as unknown as MedusaRequest)
  return "error" in done ? done : { query: done.req.validatedQuery }
}

describe("validateQuery: Medusa's validateAndTransformQuery with the plugin's wording", () => {
  it("hands the route the parsed query, defaults applied", async () => {
    await expect(validate(ListLoansQuery, describeIssues, { limit: "5", state: "needs_attention" })).resolves.toEqual({
      query: { limit: 5, offset: 0, order: "-created_at", state: "needs_attention" },
    })
    await expect(validate(OrderLoanQuery, describeIssues, { loan_id: "12" })).resolves.toEqual({ query: { loan_id: 12 } })
  })

  it("answers a bad query with Medusa's invalid_data, naming every bad field", async () => {
    const { error } = await validate(ListLoansQuery, describeIssues, { limit: "0", colour: "red", order: "amount" })
    expect(error).toBeInstanceOf(MedusaError)
    expect(error?.type).toBe(MedusaError.Types.INVALID_DATA)
    expect(error?.message).toMatch(/^Invalid request: /)
    for (const field of ["limit", "colour", "order"]) expect(error?.message).toContain(field)
  })

  it("keeps a schema's own message beside its field", async () => {
    const offer = await validate(OfferQuery, describeQueryIssues, { currency_code: "mxn", lang: "fr" })
    expect(offer.error?.message).toBe("Invalid request: amount is required; lang must be es-MX or en")
    const loan = await validate(OrderLoanQuery, describeIssues, { loan_id: "abc" })
    expect(loan.error?.message).toBe('Invalid request: loan_id: must be a loan id (an integer), not "abc"')
  })

  it("leaves a store route's unknown parameters alone, as its schema does", async () => {
    await expect(validate(OfferQuery, describeQueryIssues, { amount: "10", currency_code: "mxn", _: "1700000000" })).resolves.toEqual({
      query: { amount: "10", currency_code: "mxn" },
    })
  })
})

/** A body as Medusa's JSON parser hands it on: what the route reads, or the error. */
async function validateBodyOf(schema: z.ZodType, body: unknown): Promise<{ error?: MedusaError; body?: unknown }> {
  const done = await through(validateBody(schema, describeIssues), { body } as unknown as MedusaRequest)
  return "error" in done ? done : { body: done.req.validatedBody }
}

describe("validateBody: the loans page's actions", () => {
  it("takes an empty body, and refuses an option the action does not take, naming it", async () => {
    await expect(validateBodyOf(ActionBody, {})).resolves.toEqual({ body: {} })
    const { error } = await validateBodyOf(ActionBody, { amount: 100 })
    expect(error?.type).toBe(MedusaError.Types.INVALID_DATA)
    expect(error?.message).toMatch(/^Invalid request: .*amount/)
  })

  it("hands a settled refund's route its action, and refuses a dismissal without a reason", async () => {
    await expect(validateBodyOf(SettleRefundBody, { action: "record", amount: "250.00" })).resolves.toEqual({
      body: { action: "record", amount: "250.00" },
    })
    const { error } = await validateBodyOf(SettleRefundBody, { action: "dismiss" })
    expect(error?.message).toMatch(/^Invalid request: .*reason/)
  })
})
