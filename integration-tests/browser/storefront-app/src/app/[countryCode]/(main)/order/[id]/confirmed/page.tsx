import { sdk } from "@lib/config"

/** The starter's order confirmation page, reduced to what the shopper reads first. */
export default async function OrderConfirmedPage(props: { params: Promise<{ id: string }> }) {
  const { id } = await props.params
  const { order } = await sdk.store.order.retrieve(id, { fields: "id,display_id,email,total,currency_code" })
  return (
    <div data-testid="order-complete-container">
      <h1>¡Gracias!</h1>
      <p>Tu pedido se realizó con éxito.</p>
      <p data-testid="order-id">
        Pedido #<span data-testid="order-display-id">{order.display_id}</span>
      </p>
    </div>
  )
}
