import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { ledgerOf } from "./ledger"

/**
 * An order that may duplicate the cart's: placed for the cart's e-mail,
 * region and currency after its loan was created, and linked to no cart.
 * A completion a crash cut short before any link leaves exactly that. The
 * evidence is not proof (a draft order converted for the same customer looks
 * the same), so it is only shown to the admin, never removed.
 */
export async function findSuspectOrder(container: MedusaContainer, cartId: string, orderId: string, ledgerId: string): Promise<string | undefined> {
  const [row, cart] = await Promise.all([
    ledgerOf(container).retrieveBnplLoan(ledgerId, { select: ["created_at"] }),
    container.resolve(Modules.CART).retrieveCart(cartId, { select: ["email", "region_id", "currency_code"] }),
  ])
  if (!cart.email) return undefined
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: orders } = await query.graph({
    entity: "order",
    fields: ["id"],
    filters: {
      email: cart.email,
      region_id: cart.region_id ?? undefined,
      currency_code: cart.currency_code,
      created_at: { $gte: new Date(row.created_at).toISOString() },
    },
    pagination: { take: 20 },
  })
  const others = (orders as Array<{ id: string }>).map((o) => o.id).filter((id) => id !== orderId)
  if (!others.length) return undefined
  const { data: linked } = await query.graph({ entity: "order_cart", fields: ["order_id"], filters: { order_id: others } })
  const withCart = new Set((linked as Array<{ order_id: string }>).map((l) => l.order_id))
  return others.find((id) => !withCart.has(id))
}
