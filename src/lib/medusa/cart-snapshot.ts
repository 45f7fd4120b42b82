import { z } from "zod"
import { Decimal, type LoanRequest } from "../service/wire"
import type { BigNumberInput } from "@medusajs/framework/types"
import { toCents, toPesos } from "../service/money"

/**
 * What the loan request needs from the cart, built on the server.
 *
 * A payment provider runs inside the payment module and cannot read carts, so
 * the plugin's middleware on `POST /store/payment-collections/:id/payment-sessions`
 * builds this snapshot from the database and writes it into the session's
 * `data`, replacing whatever the storefront sent (see
 * `src/workflows/start-loan-session.ts`). The amount is
 * not in it: the loan's total is the session amount, which Medusa computes
 * from the payment collection, and taxes are what the lines do not explain.
 * The snapshot reads raw lines, not the cart's computed totals: the loan needs
 * none of those totals, and Medusa computes them with reads of their own.
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
  address: SnapshotAddress.optional(),
  /** The payment collection already holds a session of the plugin's provider, whose loan this one replaces. */
  replacesLoan: z.boolean(),
  /** The cart's paid loan, which the new session takes over instead of creating a loan (src/workflows/start-loan-session.ts). */
  adoptLoan: z.object({ loanId: z.number().int(), checkoutUrl: z.string() }).optional(),
  /** Where the service sends the shopper back, when not the checkout's pages: an order's balance returns to its payment-link page. */
  returnUrls: z.object({ success: z.string(), error: z.string(), cart: z.string() }).optional(),
})
export type CartSnapshot = z.infer<typeof CartSnapshot>

/**
 * The parts of the loan request that come from the cart. Taxes are what
 * remains of `amount` once products, shipping and discount are counted, so
 * the parts always add up to the total the customer is charged, whatever the
 * region's tax mode; a negative remainder (tax-inclusive prices) is discount.
 */
export function loanLines(cart: CartSnapshot, amount: BigNumberInput): Pick<LoanRequest, "products" | "shipping" | "taxes" | "discount" | "buyer"> {
  const itemsCents = cart.items.reduce((sum, item) => sum + toCents(item.unitPrice) * BigInt(item.quantity), 0n)
  const shippingCents = cart.shipping ? toCents(cart.shipping.amount) : 0n
  let discountCents = toCents(cart.discount)
  let taxesCents = toCents(amount) - (itemsCents + shippingCents - discountCents)
  if (taxesCents < 0n) {
    discountCents -= taxesCents
    taxesCents = 0n
  }
  const pesos = (cents: bigint) => Number(cents) / 100
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
    ...(cart.shipping ? { shipping: { price: pesos(shippingCents), title: cart.shipping.title } } : {}),
    ...(taxesCents > 0n ? { taxes: { price: pesos(taxesCents), title: "Taxes" } } : {}),
    ...(discountCents > 0n ? { discount: { price: pesos(discountCents), title: "Discount" } } : {}),
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
