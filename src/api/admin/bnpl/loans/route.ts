import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { LedgerLoan } from "../../../../modules/bnpl/types"
import { type ListLoansQuery, type LoanListResponse, ledgerJson } from "./ledger-view"
import { awaitsFinancing } from "../../../../lib/medusa/session-data"
import { ledgerOf } from "../../../../lib/ledger/ledger"

/**
 * GET /admin/bnpl/loans: the loan ledger, newest first, for the admin's loans
 * page. `state` narrows to one state (`needs_attention` is the attention
 * list); `q` finds a loan by its id, or by part of its cart or order id.
 * Answers `{ loans, count, limit, offset }` (ledger-view.ts), each loan with
 * `awaiting_order_id`: the order placed before its financing that waits on it,
 * else null; a bad query answers 400 naming the field.
 */
export async function GET(req: AuthenticatedMedusaRequest<unknown, ListLoansQuery>, res: MedusaResponse<LoanListResponse>) {
  const query = req.validatedQuery
  const filters = {
    ...(query.state ? { state: query.state } : {}),
    ...(query.q ? { $or: searchTerms(query.q) } : {}),
  }
  const [loans, count] = await ledgerOf(req.scope).listAndCountBnplLoans(filters, {
    skip: query.offset,
    take: query.limit,
    order: orderOf(query.order),
  })
  const awaiting = await ordersAwaitingFinancing(req.scope, loans)
  res.json({
    loans: loans.map((row) => ({
      ...ledgerJson(row),
      pays: row.holder === "order_balance" ? "balance" : "checkout",
      awaiting_order_id: awaiting.get(row.id) ?? null,
    })),
    count,
    limit: query.limit,
    offset: query.offset,
  })
}

/**
 * Open loans whose cart is already an order placed before its financing (`orderBeforeFinancing`):
 * the loan's session waits on that order (`pending_authorization`). Two reads for the page.
 */
async function ordersAwaitingFinancing(container: MedusaContainer, rows: LedgerLoan[]): Promise<Map<string, string>> {
  const open = rows.filter((row) => row.state === "open" && row.payment_session_id)
  if (!open.length) return new Map()
  const sessions = await container
    .resolve(Modules.PAYMENT)
    .listPaymentSessions({ id: open.map((row) => row.payment_session_id!) }, { select: ["id", "provider_id", "status"] })
  const waiting = new Set(sessions.filter(awaitsFinancing).map((s) => s.id))
  const awaited = open.filter((row) => waiting.has(row.payment_session_id!))
  if (!awaited.length) return new Map()
  const { data } = await container
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({ entity: "order_cart", fields: ["order_id", "cart_id"], filters: { cart_id: awaited.map((row) => row.service_cart_id) } })
  const orderOfCart = new Map((data as Array<{ order_id: string; cart_id: string }>).map((link) => [link.cart_id, link.order_id]))
  return new Map(awaited.flatMap((row) => (orderOfCart.has(row.service_cart_id) ? [[row.id, orderOfCart.get(row.service_cart_id)!] as const] : [])))
}

function searchTerms(q: string): Array<Record<string, unknown>> {
  // LIKE's own wildcards in what the admin typed are literal characters.
  const pattern = `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
  const terms: Array<Record<string, unknown>> = [{ service_cart_id: { $ilike: pattern } }, { order_id: { $ilike: pattern } }]
  if (/^\d{1,9}$/.test(q)) terms.push({ loan_id: Number(q) })
  return terms
}

function orderOf(order: string): Record<string, "ASC" | "DESC"> {
  const direction = order.startsWith("-") ? "DESC" : "ASC"
  // The id breaks ties, so that pages neither repeat nor skip rows.
  return { [order.replace(/^-/, "")]: direction, id: direction }
}
