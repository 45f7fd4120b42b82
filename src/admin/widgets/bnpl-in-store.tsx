import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { Container } from "@medusajs/ui"
import { InStoreCard } from "../components/in-store/in-store-card"
import { useInStore } from "../lib/in-store-api"

/**
 * Sales by phone on the order page: shown while the order has a collection that asks for
 * money and sales by phone are configured, or once a link was sent. Any failure to load keeps
 * it out of the way: the order page must never break.
 */
const BnplInStoreWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const state = useInStore(order.id)
  const data = state.data
  if (!data || !data.branches.length || (!data.amount && !data.sale)) return null
  return (
    <Container className="p-0" data-testid="bnpl-in-store-widget">
      <InStoreCard orderId={order.id} state={data} />
    </Container>
  )
}

export const config = defineWidgetConfig({
  zone: "order.details.side",
})

export default BnplInStoreWidget
