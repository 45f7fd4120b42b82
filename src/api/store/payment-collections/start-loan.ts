import { type AuthenticatedMedusaRequest, type MedusaNextFunction, type MedusaRequest, type MedusaResponse, refetchEntity } from "@medusajs/framework/http"
import { startLoanWorkflow } from "../../../workflows/start-loan"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import type { BigNumberInput } from "@medusajs/framework/types"
import { toCents, toDecimal } from "../../../providers/bnpl/money"
import { CartSnapshot } from "../../../providers/bnpl/cart-snapshot"
import { PROVIDER_ID } from "../../../providers/bnpl/session-data"

type Money = BigNumberInput | null | undefined

type Adjustments = Array<{ amount: Money } | null> | null | undefined

interface CartRow {
  id: string
  email?: string | null
  currency_code: string
  items?: Array<{ id: string; title: string; subtitle?: string | null; thumbnail?: string | null; quantity: Money; unit_price: Money; adjustments?: Adjustments } | null> | null
  shipping_methods?: Array<{ name: string; amount: Money; adjustments?: Adjustments } | null> | null
  shipping_address?: { first_name?: string | null; last_name?: string | null; address_1?: string | null; address_2?: string | null; city?: string | null; postal_code?: string | null; phone?: string | null } | null
}

// Raw lines only: asking for the cart's computed totals doubles the query's cost.
const CART_FIELDS = ["id", "email", "currency_code", "shipping_address.*"]
const ITEM_FIELDS = ["id", "title", "subtitle", "thumbnail", "quantity", "unit_price", "adjustments.amount"]
const METHOD_FIELDS = ["name", "amount", "adjustments.amount"]

/**
 * `POST /store/payment-collections/:id/payment-sessions` for pp_bnpl_bnpl.
 *
 * A payment provider cannot read carts, and nothing a storefront sends may
 * decide the loan's cart id, amount or products. So this reads a snapshot of
 * the cart from the database and hands it to the start-loan workflow, which
 * runs Medusa's own createPaymentSessionsWorkflow with it, keeps the rule for
 * a paid loan, and writes the loan's ledger row. It answers exactly as
 * Medusa's route does. Other providers go on to Medusa's route untouched.
 */
export async function startLoan(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const body = req.body as { provider_id?: unknown } | undefined
  if (body?.provider_id !== PROVIDER_ID) return next()
  const collectionId = req.params.id
  const snapshot = await buildCartSnapshot(req, collectionId)
  await startLoanWorkflow(req.scope).run({
    input: { payment_collection_id: collectionId, customer_id: (req as AuthenticatedMedusaRequest).auth_context?.actor_id, snapshot },
  })
  const paymentCollection = await refetchEntity({ entity: "payment_collection", idOrFilter: collectionId, scope: req.scope, fields: req.queryConfig.fields })
  res.status(200).json({ payment_collection: paymentCollection })
}

async function buildCartSnapshot(req: MedusaRequest, paymentCollectionId: string): Promise<CartSnapshot> {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const [{ data: links }, sessions] = await Promise.all([
    query.graph({ entity: "cart_payment_collection", fields: ["cart_id"], filters: { payment_collection_id: paymentCollectionId } }),
    req.scope.resolve(Modules.PAYMENT).listPaymentSessions({ payment_collection_id: paymentCollectionId }, { select: ["provider_id"] }),
  ])
  const cartId = (links[0] as { cart_id?: string } | undefined)?.cart_id
  if (!cartId) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Payment collection ${paymentCollectionId} does not belong to a cart.`)
  }
  // Straight to the cart module, one call per branch, in parallel: one
  // remote join through the link costs more than the whole snapshot, and a
  // single call loads each to-many relation after the other.
  const carts = req.scope.resolve(Modules.CART)
  const [cart, items, shippingMethods] = await Promise.all([
    carts.retrieveCart(cartId, { select: CART_FIELDS, relations: ["shipping_address"] }),
    carts.listLineItems({ cart_id: cartId }, { select: ITEM_FIELDS, relations: ["adjustments"] }),
    carts.listShippingMethods({ cart_id: cartId }, { select: METHOD_FIELDS, relations: ["adjustments"] }),
  ])
  const replacesLoan = sessions.some((s) => s.provider_id === PROVIDER_ID)
  return toSnapshot({ ...cart, items, shipping_methods: shippingMethods }, replacesLoan)
}

export function toSnapshot(cart: CartRow, replacesLoan: boolean): CartSnapshot {
  const cents = (value: Money) => toCents(value ?? 0)
  const adjusted = (adjustments: Adjustments) => (adjustments ?? []).reduce((sum, a) => sum + cents(a?.amount), 0n)
  const items = (cart.items ?? []).filter((item): item is NonNullable<typeof item> => !!item)
  const methods = (cart.shipping_methods ?? []).filter((method): method is NonNullable<typeof method> => !!method)
  const discountCents =
    items.reduce((sum, item) => sum + adjusted(item.adjustments), 0n) + methods.reduce((sum, m) => sum + adjusted(m.adjustments), 0n)
  const shippingCents = methods.reduce((sum, m) => sum + cents(m.amount), 0n)
  const a = cart.shipping_address
  return CartSnapshot.parse({
    cartId: cart.id,
    currencyCode: cart.currency_code,
    replacesLoan,
    ...(cart.email ? { email: cart.email } : {}),
    items: items.map((item) => ({
      id: item.id,
      title: item.title,
      ...(item.subtitle ? { description: item.subtitle } : {}),
      ...(item.thumbnail ? { thumbnail: item.thumbnail } : {}),
      quantity: Number(item.quantity),
      unitPrice: toDecimal(item.unit_price ?? 0),
    })),
    ...(methods.length ? { shipping: { title: methods.map((m) => m.name).join(", "), amount: fromCents(shippingCents) } } : {}),
    discount: fromCents(discountCents),
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

const fromCents = (cents: bigint) => toDecimal(Number(cents) / 100)
