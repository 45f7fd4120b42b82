import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ListLoansQuery, type LoanListResponse, ledgerJson } from "./ledger-view"
import { ledgerOf } from "../../../../lib/ledger/ledger"
import { parseInput } from "./parse-input"

/**
 * GET /admin/bnpl/loans: the loan ledger, newest first, for the admin's loans
 * page. `state` narrows to one state (`needs_attention` is the attention
 * list); `q` finds a loan by its id, or by part of its cart or order id.
 * Answers `{ loans, count, limit, offset }` (ledger-view.ts); a bad query
 * answers 400 naming the field.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse<LoanListResponse>) {
  const query = parseInput(ListLoansQuery, req.query, "query")
  const filters = {
    ...(query.state ? { state: query.state } : {}),
    ...(query.q ? { $or: searchTerms(query.q) } : {}),
  }
  const [loans, count] = await ledgerOf(req.scope).listAndCountBnplLoans(filters, {
    skip: query.offset,
    take: query.limit,
    order: orderOf(query.order),
  })
  res.json({ loans: loans.map(ledgerJson), count, limit: query.limit, offset: query.offset })
}

function searchTerms(q: string): Array<Record<string, unknown>> {
  // LIKE's own wildcards in what the admin typed are literal characters.
  const pattern = `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
  const terms: Array<Record<string, unknown>> = [{ cart_id: { $ilike: pattern } }, { order_id: { $ilike: pattern } }]
  if (/^\d{1,9}$/.test(q)) terms.push({ loan_id: Number(q) })
  return terms
}

function orderOf(order: string): Record<string, "ASC" | "DESC"> {
  const direction = order.startsWith("-") ? "DESC" : "ASC"
  // The id breaks ties, so that pages neither repeat nor skip rows.
  return { [order.replace(/^-/, "")]: direction, id: direction }
}
