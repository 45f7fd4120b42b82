import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { ledgerOf } from "../lib/ledger/ledger"
import { bnplFromContainer } from "../lib/bnpl/resolve-options"
import { reconcileRow } from "../reconciliation/row"

/**
 * An order edit, an exchange or a claim confirmed on an order a loan paid: before the payment is
 * captured, Medusa cancels the order's payment collection and asks the whole new total in a new
 * one, so the loan that paid the old collection pays for nothing. Its row is reconciled at once,
 * which refunds such a loan in full (`refundOrphanedLoans`) or lists it, rather than at the next
 * refund check. A captured payment stays: the new collection asks only the difference.
 */
export default async function bnplOrderPaymentReplaced({ event, container }: SubscriberArgs<{ order_id: string }>) {
  const rows = await ledgerOf(container).listBnplLoans({ order_id: event.data.order_id, state: "ordered" })
  if (!rows.length) return
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const { loanTimeoutHours } = bnplFromContainer(container).options
  const ctx = { container, logger, timeoutCutoff: new Date(Date.now() - loanTimeoutHours * 3_600_000) }
  for (const row of rows) await reconcileRow(ctx, row)
}

export const config: SubscriberConfig = { event: ["order-edit.confirmed", "order.claim_created", "order.exchange_created"] }
