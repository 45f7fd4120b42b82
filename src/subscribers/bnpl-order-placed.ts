import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { cartAwaitingOrder, recordOrderPlacedWorkflow } from "../workflows/record-order-placed"

/** Marks the ledger row of the loan that paid a newly placed order. */
export default async function bnplOrderPlaced({ event, container }: SubscriberArgs<{ id: string }>) {
  if (!(await cartAwaitingOrder(container, event.data.id))) return
  await recordOrderPlacedWorkflow(container).run({ input: { order_id: event.data.id } })
}

export const config: SubscriberConfig = { event: "order.placed" }
