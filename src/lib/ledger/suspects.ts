import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { LedgerLoan } from "../../modules/bnpl/types"
import { ledgerOf } from "./ledger"

const PAGE_SIZE = 100

/**
 * An order that may duplicate the cart's: placed for the cart's e-mail, region and currency
 * after the interrupted completion began, and linked to no cart. A completion a crash cut
 * short before any link leaves exactly that. The evidence is not proof (a draft order
 * converted for the same customer looks the same), so it is only shown to the admin, never
 * removed.
 *
 * The window opens when the cut-short completion started (the row's `completion_started_at`,
 * kept until a completion ends), not when the loan was made: a customer, or a guest e-mail
 * shared by many carts, may have placed any number of orders since then, and every one of
 * them is looked at, page by page. Carts that share the e-mail share the look-alikes: one that
 * another loan's row already names is taken only when no other is left, so that every order a
 * crash left is listed for the admin.
 */
export async function findSuspectOrder(
  container: MedusaContainer,
  cartId: string,
  orderId: string,
  row: Pick<LedgerLoan, "id" | "created_at" | "completion_started_at">,
): Promise<string | undefined> {
  const cart = await container.resolve(Modules.CART).retrieveCart(cartId, { select: ["email", "region_id", "currency_code"] })
  if (!cart.email) return undefined
  const since = new Date(row.completion_started_at ?? row.created_at).toISOString()
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const filters = { email: cart.email, region_id: cart.region_id ?? undefined, currency_code: cart.currency_code, created_at: { $gte: since } }
  let named: string | undefined
  for (let skip = 0; ; skip += PAGE_SIZE) {
    // The order module's own list: Query's pagination would count the orders too.
    const orders = await container.resolve(Modules.ORDER).listOrders(filters, { select: ["id"], skip, take: PAGE_SIZE, order: { created_at: "ASC" } })
    const others = orders.map((o) => o.id).filter((id) => id !== orderId)
    if (others.length) {
      const { data: linked } = await query.graph({ entity: "order_cart", fields: ["order_id"], filters: { order_id: others } })
      const withCart = new Set((linked as Array<{ order_id: string }>).map((l) => l.order_id))
      const unlinked = others.filter((id) => !withCart.has(id))
      const listed = unlinked.length
        ? await ledgerOf(container).listBnplLoans({ suspect_order_id: unlinked }, { select: ["id", "suspect_order_id"] })
        : []
      const elsewhere = new Set(listed.filter((r) => r.id !== row.id).map((r) => r.suspect_order_id))
      const suspect = unlinked.find((id) => !elsewhere.has(id))
      if (suspect) return suspect
      named ??= unlinked[0]
    }
    if (orders.length < PAGE_SIZE) return named
  }
}
