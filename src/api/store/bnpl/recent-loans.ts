import type { BnplClient } from "../../../lib/bnpl/client"
import type { LoanRecord } from "../../../lib/bnpl/wire"

/**
 * The status query for the storefront's routes (a cart, an order's balance), shared for a moment: a storefront polling
 * its return page, or anyone repeating the public route, costs the service one query per cart
 * every few seconds at most, whatever the rate of requests. Copies that come together share one
 * request. Decisions about money never read this: the webhook, reconciliation and completion
 * ask the service themselves.
 */
export const FRESH_MS = 2_000
/** Carts remembered at once; the oldest are forgotten first. */
const MAX_CARTS = 1_000

const recent = new Map<string, { at: number; loans: Promise<LoanRecord[] | undefined> }>()

/** The cart's loans as the service listed them in the last FRESH_MS, or undefined when it could not be asked. */
export function recentLoans(client: BnplClient, cartId: string, now = Date.now()): Promise<LoanRecord[] | undefined> {
  const hit = recent.get(cartId)
  if (hit && now - hit.at < FRESH_MS) return hit.loans
  const loans = client.getLoans(cartId).catch(() => undefined)
  recent.delete(cartId)
  recent.set(cartId, { at: now, loans })
  if (recent.size > MAX_CARTS) recent.delete(recent.keys().next().value!)
  // A failed query is not remembered: the next request asks again.
  void loans.then((answer) => answer === undefined && recent.get(cartId)?.loans === loans && recent.delete(cartId))
  return loans
}
