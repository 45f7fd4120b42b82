import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { bnplFromContainer } from "../lib/options/resolve-options"
import { refundReceivedReturnWorkflow } from "../workflows/refund-received-return"

/** With `refundOnReturn`, a received return's refund due on an order a loan paid is refunded at once. */
export default async function bnplReturnReceived({ event, container }: SubscriberArgs<{ order_id: string; return_id: string }>) {
  if (!bnplFromContainer(container).options.refundOnReturn) return
  await refundReceivedReturnWorkflow(container).run({ input: { order_id: event.data.order_id, return_id: event.data.return_id } })
}

export const config: SubscriberConfig = { event: "order.return_received" }
