import { z } from "zod"
import { Decimal, type LoanRequest } from "./wire"
import { toCents, toPesos } from "./money"

/**
 * What the loan request needs from the cart, built on the server.
 *
 * A payment provider runs inside the payment module and cannot read carts, so
 * the plugin's middleware on `POST /store/payment-collections/:id/payment-sessions`
 * builds this snapshot from the database and writes it into the session's
 * `data`, replacing whatever the storefront sent (see
 * `src/api/store/payment-collections/attach-cart-snapshot.ts`). The provider
 * then checks that the snapshot's total equals the session amount, which
 * Medusa computes from the payment collection, not from the request.
 */
export const SnapshotItem = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().optional(),
  thumbnail: z.string().optional(),
  quantity: z.number().int().positive(),
  unitPrice: Decimal,
})

export const SnapshotAddress = z.object({
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  addressLine: z.string().optional(),
  postalCode: z.string().optional(),
  phone: z.string().optional(),
})

export const CartSnapshot = z.object({
  cartId: z.string().min(1),
  currencyCode: z.string(),
  email: z.string().optional(),
  items: z.array(SnapshotItem),
  shipping: z.object({ title: z.string(), amount: Decimal }).optional(),
  discount: Decimal,
  taxes: Decimal,
  total: Decimal,
  address: SnapshotAddress.optional(),
})
export type CartSnapshot = z.infer<typeof CartSnapshot>

/** The parts of the loan request that come from the cart. */
export function loanLines(cart: CartSnapshot): Pick<LoanRequest, "products" | "shipping" | "taxes" | "discount" | "buyer"> {
  const a = cart.address
  return {
    products: cart.items.map((item) => ({
      id: item.id,
      count: item.quantity,
      price: toPesos(item.unitPrice),
      title: item.title,
      ...(item.description ? { description: item.description } : {}),
      ...(item.thumbnail ? { imageUrl: item.thumbnail } : {}),
    })),
    ...(cart.shipping ? { shipping: { price: toPesos(cart.shipping.amount), title: cart.shipping.title } } : {}),
    ...(toCents(cart.taxes) > 0n ? { taxes: { price: toPesos(cart.taxes), title: "Taxes" } } : {}),
    ...(toCents(cart.discount) > 0n ? { discount: { price: toPesos(cart.discount), title: "Discount" } } : {}),
    buyer: {
      ...(cart.email ? { email: cart.email } : {}),
      ...(a?.firstName ? { firstName: a.firstName } : {}),
      ...(a?.lastName ? { lastName: a.lastName } : {}),
      ...(a?.addressLine ? { addressLine: a.addressLine } : {}),
      ...(a?.postalCode ? { postalCode: a.postalCode } : {}),
      ...(a?.phone ? { phone: a.phone } : {}),
    },
  }
}
