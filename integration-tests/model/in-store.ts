import type { Loan, Sandbox } from "../../packages/sandbox"
import type { ModelSystem } from "./system"

/**
 * The sale by phone as the model drives it: the order page's card (GET /admin/bnpl/orders/:id/in-store),
 * the service's loans of an order's collections, and the customer paying the link on the phone.
 */

export interface InStoreCard {
  /** The order's collection that asks for money, if any. */
  payment_collection_id: string | null
  sale: { loan_id: number; cart_id: string; status: string | null; authorized: boolean } | null
}

/** The card as the order page reads it; undefined when the route did not answer it. */
export async function inStoreCard(system: ModelSystem, orderId: string): Promise<InStoreCard | undefined> {
  const reply = await system.admin.get(`/admin/bnpl/orders/${orderId}/in-store`)
  return reply.status === 200 ? (reply.body as InStoreCard) : undefined
}

/**
 * A phone sale's `cartId` at the service is its collection's id and a suffix (`{collection}.{suffix}`):
 * the loans of these collections the service holds, by phone or by the payment link (whose `cartId` is the collection's).
 */
export function loansOfCollections(sandbox: Sandbox, collectionIds: string[]): Loan[] {
  return [...sandbox.state.loans.values()]
    .filter((loan) => collectionIds.some((id) => loan.cartId === id || loan.cartId.startsWith(`${id}.`)))
    .sort((a, b) => a.loanId - b.loanId)
}

/** The `cartId`s of phone sales made for these collections. */
export function phoneCartIds(sandbox: Sandbox, collectionIds: string[]): string[] {
  return [
    ...new Set(
      loansOfCollections(sandbox, collectionIds)
        .filter((loan) => loan.posRequest)
        .map((loan) => loan.cartId),
    ),
  ]
}

/** A loan the customer can still pay: waiting for its first installment, its link not expired. */
export const payable = (loan: Loan): boolean => loan.status === "REQUEST" && !loan.expired

/**
 * The customer opens the link the service sent to the phone and presses the page's Pay button,
 * as a person does; answers false when the message holds no link to a page with that button.
 */
export async function payFromPhone(sandbox: Sandbox, loanId: number): Promise<boolean> {
  const message = sandbox
    .outbox()
    .filter((m) => m.loanId === loanId)
    .pop()
  if (!message) return false
  const page = await fetch(message.link)
  const action = /<form method="post" action="([^"]*\/pay[^"]*)"/.exec(await page.text())?.[1]
  if (page.status !== 200 || !action) return false
  const paid = await fetch(new URL(action.replace(/&amp;/g, "&"), message.link), { method: "POST", redirect: "manual" })
  return paid.status === 303
}
