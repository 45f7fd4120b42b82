import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules, OrderChangeStatus, OrderChangeType } from "@medusajs/framework/utils"
import { toCents } from "../service/money"
import { centsToDecimal } from "../service/refunds"
import { rowOfLoan } from "../ledger/ledger"
import { orderOfHolder } from "../medusa/queries"
import { afterOtherWorkflows } from "../medusa/other-workflows"
import { holderOfLoan } from "../ledger/holders"

const OPEN = [OrderChangeStatus.PENDING, OrderChangeStatus.REQUESTED]

const NAMES: Record<string, string> = {
  [OrderChangeType.RETURN_REQUEST]: "a return",
  [OrderChangeType.RETURN_RECEIVE]: "a return",
  [OrderChangeType.EXCHANGE]: "an exchange",
  [OrderChangeType.CLAIM]: "a claim",
  [OrderChangeType.EDIT]: "an order edit",
}

/**
 * Medusa records a refund beyond what the order owes the shopper with a credit line, which is an
 * order change of its own (refundPaymentWorkflow, cancelOrderWorkflow). While another change is
 * open (a return, an exchange, a claim or an edit not yet confirmed), that step fails after the
 * provider has refunded: Medusa answers an error for money that has left, and the order's summary
 * loses the refund. So such a refund is refused before it is booked or sent. Within what the order
 * owes (a received return's refund) Medusa makes no credit line, and the refund goes on.
 *
 * A credit line is such a change itself, and it closes by itself: the workflow of another refund
 * of the order, done at the service a moment ago, opens it and confirms it at once. That one is
 * waited for, not refused; once it is confirmed, this refund's own credit line can be made.
 */
export async function refuseRefundDuringOrderChange(container: MedusaContainer, orderId: string, amount: string): Promise<void> {
  const open = await lastingOrderChange(container, orderId)
  if (!open) return
  const owed = await owedToShopper(container, orderId)
  if (toCents(amount) <= owed) return
  const change = NAMES[open.change_type ?? ""] ?? "an order change"
  const within = owed > 0n ? `, or refund at most ${centsToDecimal(owed)}, what the order owes the shopper now` : ""
  throw new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    `Order ${orderId} has ${change} in progress, and Medusa cannot record a refund of ${amount} beside it: it would refund at the service, then fail. Confirm or cancel ${change} first${within}.`,
  )
}

/** The order the loan pays, if it pays one: where Medusa records the loan's refunds. */
export async function orderOfRefundedLoan(container: MedusaContainer, loan: { loanId: number; cartId: string }): Promise<string | undefined> {
  const row = await rowOfLoan(container, loan.loanId)
  return orderOfHolder(container, await holderOfLoan(container, row, loan.cartId))
}

/** The order's open change, once no credit line of another refund is still closing; undefined when none is open. */
async function lastingOrderChange(container: MedusaContainer, orderId: string): Promise<{ change_type?: string | null } | undefined> {
  const orders = container.resolve(Modules.ORDER)
  // OrderChangeDTO's change_type leaves credit_line out, though Medusa's own workflows make such changes.
  const lastingOf = (open: Array<{ change_type?: string | null }>) =>
    open.find((change) => (change.change_type as string | undefined) !== OrderChangeType.CREDIT_LINE)
  const open = await afterOtherWorkflows(
    () => orders.listOrderChanges({ order_id: orderId, status: OPEN }, { select: ["id", "change_type"] }),
    (open) => !open.length || !!lastingOf(open),
  )
  // A credit line still open after the wait is refused as any change is: it did not close by itself.
  return lastingOf(open) ?? open[0]
}

/** What the order owes the shopper now, in cents: its summary's pending difference, when below zero. */
export async function owedToShopper(container: MedusaContainer, orderId: string): Promise<bigint> {
  const { data } = await container
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({ entity: "order", fields: ["id", "summary.pending_difference"], filters: { id: orderId } })
  const pending = (data[0] as { summary?: { pending_difference?: unknown } } | undefined)?.summary?.pending_difference
  const cents = toCents(String(pending ?? 0))
  return cents < 0n ? -cents : 0n
}
