import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { cartAwaitingOrder, recordOrderPlacedWorkflow } from "../workflows/record-order-placed"

/** Marks the ledger row of the loan that paid a newly placed order. */
export default async function bnplOrderPlaced({ event, container }: SubscriberArgs<{ id: string }>) {
  const cartId = await cartAwaitingOrder(container, event.data.id)
  if (!cartId) return
  await recordOrderPlacedWorkflow(container).run({ input: { order_id: event.data.id, cart_id: cartId } })
}

export const config: SubscriberConfig = { event: "order.placed" }
