import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { ledgerOf } from "../lib/ledger/ledger"
import { bnplFromContainer } from "../lib/options/resolve-options"
import { reconcileRow } from "../reconciliation/row"

/**
 * An order edit, an exchange or a claim confirmed on an order a loan paid. A captured payment
 * (`autoCapture`, the default) stays, and the new collection asks only the difference. An
 * uncaptured one Medusa cancels, asking the whole new total again in a new collection (after a
 * partial capture, what the order costs beyond the capture): the loan then holds more than the
 * order counts. Its row is reconciled at once, which lists the loan with what the admin can do
 * (docs/money.md, "Capturing at fulfilment"), rather than at the next refund check.
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
