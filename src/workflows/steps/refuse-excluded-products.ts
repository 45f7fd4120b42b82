import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { bnplFromContainer } from "../../lib/options/resolve-options"
import { excludesAny } from "../../lib/catalog/exclusions"
import { excludedItemsOfCart, excludedItemsOfOrder } from "../../lib/catalog/excluded-items"
import type { OrderBalance } from "../../lib/medusa/balance-snapshot"
import type { Lang } from "../../storefront/lang"
import { productExcludedMessage } from "../../storefront/messages"

export const refuseExcludedProductsStepId = "bnpl-refuse-excluded-products"

export interface ProductsToFinance {
  cart_id: string
  /** Set when the collection is an order's balance: the order's lines are checked instead. */
  balance?: OrderBalance
  /** The shopper's language, for the refusal they read. */
  lang: Lang
}

/**
 * Refuses a loan for a cart (or an order's balance) that holds a product the store does not
 * finance, in the shopper's language, before the cart's lock or the service is asked anything.
 */
export const refuseExcludedProductsStep = createStep(refuseExcludedProductsStepId, async (input: ProductsToFinance, { container }) => {
  const { options } = bnplFromContainer(container)
  if (!excludesAny(options)) return new StepResponse(undefined)
  const excluded = input.balance
    ? await excludedItemsOfOrder(container, input.balance.orderId, options)
    : await excludedItemsOfCart(container, input.cart_id, options)
  if (!excluded.length) return new StepResponse(undefined)
  const why = excluded.map((item) => `${item.title} (${item.why})`).join("; ")
  container.resolve("logger").info(`[bnpl] cart ${input.cart_id}: no loan, the store does not finance ${why}`)
  throw new MedusaError(MedusaError.Types.NOT_ALLOWED, productExcludedMessage([...new Set(excluded.map((item) => item.title))], input.lang))
})
