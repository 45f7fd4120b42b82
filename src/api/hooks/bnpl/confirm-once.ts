import type { MedusaContainer } from "@medusajs/framework/types"
import { type Confirmation, confirmLoanWorkflow } from "../../../workflows/confirm-loan"
import { awaitsOrder, rowOfLoan } from "../../../lib/ledger/ledger"

/**
 * The webhook's way into the confirmation. Copies of one notification come together (the
 * service retries, a proxy replays, a storm of redeliveries), and each would wait its turn on
 * the cart's lock only to find the order already made. In one process the copies share the
 * confirmation under way; a copy that comes after it finds the ledger row final and is answered
 * from the row, without the lock or the service. Across instances the lock still orders them.
 *
 * Only what the confirmation itself would answer without asking the service is answered from
 * the row: an order's loan (already authorized) and a loan on the attention list that no order
 * can come to hold (a listing for failed completions goes to the confirmation, which finds an
 * order that holds the loan after all).
 */
const underWay = new Map<string, Promise<Confirmation>>()

export function confirmOnce(container: MedusaContainer, cartId: string, loanId: number): Promise<Confirmation> {
  const key = `${cartId}:${loanId}`
  const joined = underWay.get(key)
  if (joined) return joined
  const work = (async () =>
    (await fromLedger(container, cartId, loanId)) ??
    (await confirmLoanWorkflow(container).run({ input: { cart_id: cartId, loan_id: loanId } })).result)()
  underWay.set(key, work)
  const forget = () => {
    if (underWay.get(key) === work) underWay.delete(key)
  }
  work.then(forget, forget)
  return work
}

async function fromLedger(container: MedusaContainer, cartId: string, loanId: number): Promise<Confirmation | undefined> {
  const row = await rowOfLoan(container, loanId)
  if (!row || row.cart_id !== cartId) return undefined
  if (row.state === "ordered" && row.order_id) return { outcome: "already_authorized", orderId: row.order_id }
  if (row.state === "needs_attention" && !awaitsOrder(row))
    return { outcome: "needs_attention", reason: row.attention_reason ?? "on the attention list" }
  return undefined
}
