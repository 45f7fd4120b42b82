import type { AdminOrder } from "@medusajs/framework/types"

/** Medusa names the plugin's provider `pp_bnpl_{id}`, whatever id the store gave it. */
const PROVIDER_PREFIX = "pp_bnpl_"

/**
 * Whether the order was paid in installments: true or false when the order's payments are in
 * the page's data, undefined when they are not (then the route decides).
 */
export function paidThroughBnpl(order: AdminOrder): boolean | undefined {
  const collections: Array<{ payments?: Array<{ provider_id: string }> }> | undefined = order.payment_collections
  if (!collections || collections.some((collection) => !collection.payments)) return undefined
  // No payment at all: an order placed before its financing, or another method's not yet paid; the route decides.
  if (collections.every((collection) => !collection.payments?.length)) return undefined
  return collections.some((collection) => collection.payments?.some((payment) => payment.provider_id?.startsWith(PROVIDER_PREFIX)))
}
