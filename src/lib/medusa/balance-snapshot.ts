import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, PaymentSessionStatus } from "@medusajs/framework/utils"
import { isBnplProvider } from "./session-data"
import { type CartForLoan, toSnapshot } from "./cart-for-loan"

/** Medusa's payment collection of an order's balance, as a loan needs it. */
export interface OrderBalance {
  paymentCollectionId: string
  orderId: string
  /** The storefront's payment-link page of the collection, without query (`paymentLinkUrl`). */
  pageUrl: string
}

const ORDER_FIELDS = [
  "id",
  "email",
  "currency_code",
  // An order line's quantity is computed from its detail: only `items.*` brings it.
  "items.*",
  "items.adjustments.amount",
  "shipping_methods.name",
  "shipping_methods.amount",
  "shipping_methods.adjustments.amount",
  "shipping_address.*",
]

/**
 * The loan request of an order's balance (Medusa's payment link after an order edit, an exchange
 * or a claim): the order's lines and customer, under the collection's own id as the service's
 * `cartId`. The loan's total is the session's amount, what the collection asks; what the order
 * paid before falls into the request's discount, as the lines say more than the balance
 * (cart-snapshot.ts's `loanLines`). The service sends the shopper back to the payment-link page.
 */
export async function readBalanceForLoan(container: MedusaContainer, balance: OrderBalance): Promise<CartForLoan> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const [{ data: orders }, { data: collections }] = await Promise.all([
    query.graph({ entity: "order", fields: ORDER_FIELDS, filters: { id: balance.orderId } }),
    query.graph({
      entity: "payment_collection",
      fields: ["id", "status", "amount", "currency_code", "payment_sessions.id", "payment_sessions.provider_id", "payment_sessions.status"],
      filters: { id: balance.paymentCollectionId },
    }),
  ])
  const order = orders[0] as Parameters<typeof toSnapshot>[0]
  const collection = collections[0] as
    | { status?: string; amount: number; currency_code: string; payment_sessions?: Array<{ id: string; provider_id: string; status: string }> | null }
    | undefined
  if (!collection) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Payment collection id not found: ${balance.paymentCollectionId}`)
  const sessions = collection?.payment_sessions ?? []
  const page = (outcome: string) => {
    const url = new URL(`${balance.pageUrl}/${balance.paymentCollectionId}`)
    url.searchParams.set("order_id", balance.orderId)
    url.searchParams.set("bnpl", outcome)
    return url.toString()
  }
  const snapshot = toSnapshot(
    { ...order, id: balance.paymentCollectionId },
    sessions.some((s) => isBnplProvider(s.provider_id)),
  )
  return {
    snapshot: { ...snapshot, returnUrls: { success: page("success"), error: page("error"), cart: page("cancel") } },
    paid:
      coversAmount(collection.status) ||
      sessions.some((s) => s.status === PaymentSessionStatus.AUTHORIZED || s.status === PaymentSessionStatus.CAPTURED),
    collection: { amount: collection.amount, currency_code: collection.currency_code, session_ids: sessions.map((s) => s.id) },
  }
}

/** Medusa's statuses of a payment collection whose amount is covered: nothing is left to pay. */
export const coversAmount = (status: string | undefined): boolean => status === "authorized" || status === "completed"
