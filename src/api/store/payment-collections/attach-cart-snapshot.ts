import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import type { BigNumberInput } from "@medusajs/framework/types"
import { toCents, toDecimal } from "../../../providers/bnpl/money"
import { CartSnapshot } from "../../../providers/bnpl/cart-snapshot"
import { PROVIDER_ID } from "../../../providers/bnpl/session-data"

type Money = BigNumberInput | null | undefined

interface CartRow {
  id: string
  email?: string | null
  currency_code: string
  total: Money
  item_subtotal: Money
  shipping_subtotal: Money
  discount_subtotal: Money
  items?: Array<{ id: string; title: string; subtitle?: string | null; thumbnail?: string | null; quantity: Money; unit_price: Money } | null> | null
  shipping_methods?: Array<{ name: string } | null> | null
  shipping_address?: { first_name?: string | null; last_name?: string | null; address_1?: string | null; address_2?: string | null; city?: string | null; postal_code?: string | null; phone?: string | null } | null
}

const CART_FIELDS = [
  "id", "email", "currency_code", "total", "item_subtotal", "shipping_subtotal", "discount_subtotal",
  "items.id", "items.title", "items.subtitle", "items.thumbnail", "items.quantity", "items.unit_price",
  "shipping_methods.name", "shipping_address.*",
].map((field) => `cart.${field}`)

/**
 * A payment provider cannot read carts, and nothing a storefront sends may
 * decide the loan's cart id, amount or products. So for `pp_bnpl_bnpl` this
 * middleware replaces the request's `data` with a snapshot of the cart read
 * from the database. The provider validates it and checks its total against
 * the session amount, which Medusa itself computes.
 */
export async function attachCartSnapshot(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const body = req.body as { provider_id?: unknown } | undefined
  if (body?.provider_id !== PROVIDER_ID) return next()
  const snapshot = await buildCartSnapshot(req, req.params.id)
  const replaced = { ...body, data: { cart: snapshot } }
  req.body = replaced
  if (req.validatedBody) req.validatedBody = replaced
  next()
}

async function buildCartSnapshot(req: MedusaRequest, paymentCollectionId: string): Promise<CartSnapshot> {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment_collection",
    fields: ["id", ...CART_FIELDS],
    filters: { id: paymentCollectionId },
  })
  const cart = (data[0] as { cart?: CartRow } | undefined)?.cart
  if (!cart) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Payment collection ${paymentCollectionId} does not belong to a cart.`)
  }
  return toSnapshot(cart)
}

export function toSnapshot(cart: CartRow): CartSnapshot {
  const cents = (value: Money) => Number(toCents(value ?? 0))
  const items = (cart.items ?? []).filter((item): item is NonNullable<typeof item> => !!item)
  const itemsCents = items.reduce((sum, item) => sum + cents(item.unit_price) * Number(item.quantity), 0)
  const shippingCents = cents(cart.shipping_subtotal)
  let discountCents = cents(cart.discount_subtotal)
  // Taxes are what remains, so that products + shipping + taxes - discount is
  // exactly the total the customer is charged, whatever the region's tax mode.
  let taxesCents = cents(cart.total) - (itemsCents + shippingCents - discountCents)
  if (taxesCents < 0) {
    discountCents -= taxesCents
    taxesCents = 0
  }
  const a = cart.shipping_address
  const method = cart.shipping_methods?.find(Boolean)
  return CartSnapshot.parse({
    cartId: cart.id,
    currencyCode: cart.currency_code,
    ...(cart.email ? { email: cart.email } : {}),
    items: items.map((item) => ({
      id: item.id,
      title: item.title,
      ...(item.subtitle ? { description: item.subtitle } : {}),
      ...(item.thumbnail ? { thumbnail: item.thumbnail } : {}),
      quantity: Number(item.quantity),
      unitPrice: toDecimal(item.unit_price ?? 0),
    })),
    ...(method || shippingCents ? { shipping: { title: method?.name ?? "Shipping", amount: fromCents(shippingCents) } } : {}),
    discount: fromCents(discountCents),
    taxes: fromCents(taxesCents),
    total: toDecimal(cart.total ?? 0),
    ...(a
      ? {
          address: {
            ...(a.first_name ? { firstName: a.first_name } : {}),
            ...(a.last_name ? { lastName: a.last_name } : {}),
            ...(a.address_1 ? { addressLine: [a.address_1, a.address_2, a.city].filter(Boolean).join(", ") } : {}),
            ...(a.postal_code ? { postalCode: a.postal_code } : {}),
            ...(a.phone ? { phone: a.phone } : {}),
          },
        }
      : {}),
  })
}

const fromCents = (cents: number) => (cents / 100).toFixed(2)
