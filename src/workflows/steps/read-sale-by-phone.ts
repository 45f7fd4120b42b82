import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { bnplFromContainer } from "../../lib/options/resolve-options"
import type { CommChannel } from "../../lib/service/wire"
import { excludesAny } from "../../lib/catalog/exclusions"
import { excludedItemsOfOrder } from "../../lib/catalog/excluded-items"
import { branchOfSale, payableByPhone, readPhoneSaleOrder, refuse } from "../../lib/ledger/sale-by-phone"

export const readSaleByPhoneStepId = "bnpl-read-sale-by-phone"

export interface SaleByPhoneRequest {
  order_id: string
  /** Ten digits. */
  phone: string
  channel: CommChannel
  /** A branch id of `inStoreBranches`; the first (or the one branch) when absent. */
  shop_id?: string
}

export interface SaleByPhoneToMake {
  shop_id: string
  /** The order's open collection; absent when the order has none yet (a converted draft order). */
  payment_collection_id?: string
}

/**
 * What a sale by phone of the order would ask, refused (400) before anything is locked or sent
 * when the store does not offer the channel or the branch, the order asks nothing a loan may pay,
 * or it holds a product the store does not finance. Reads only.
 */
export const readSaleByPhoneStep = createStep(readSaleByPhoneStepId, async (input: SaleByPhoneRequest, { container }) => {
  const { options } = bnplFromContainer(container)
  const branch = branchOfSale(options, input)
  const asked = payableByPhone(await readPhoneSaleOrder(container, input.order_id), options)
  if (excludesAny(options)) {
    const excluded = await excludedItemsOfOrder(container, input.order_id, options)
    if (excluded.length) {
      throw refuse(
        `The store does not finance ${excluded.map((item) => `${item.title} (${item.why})`).join("; ")}: this order cannot be paid in installments.`,
      )
    }
  }
  return new StepResponse<SaleByPhoneToMake>({ shop_id: branch.shopId, payment_collection_id: asked.collection?.id })
})
