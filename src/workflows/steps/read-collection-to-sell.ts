import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { toDecimal } from "../../lib/service/money"
import { bnplFromContainer } from "../../lib/options/resolve-options"
import { payableByPhone, type PhoneSaleCollectionRow, readPhoneSaleOrder } from "../../lib/ledger/sale-by-phone"

export const readCollectionToSellStepId = "bnpl-read-collection-to-sell"

export interface CollectionToSell {
  collection: PhoneSaleCollectionRow
  /** What it asks, as a decimal. */
  amount: string
  currency_code: string
}

/**
 * The collection read again once its lock is held: a webhook, a payment link's session or another
 * admin's send may have changed it while the sale waited. A 400 when it asks nothing any more;
 * refused when the order asks through another collection. Reads only.
 */
export const readCollectionToSellStep = createStep(
  readCollectionToSellStepId,
  async (input: { order_id: string; payment_collection_id: string }, { container }) => {
    const { options } = bnplFromContainer(container)
    const asked = payableByPhone(await readPhoneSaleOrder(container, input.order_id), options)
    if (asked.collection?.id !== input.payment_collection_id) {
      throw new MedusaError(
        MedusaError.Types.CONFLICT,
        `Order ${input.order_id} now asks through another payment collection: open the order again and send from there.`,
      )
    }
    return new StepResponse<CollectionToSell>({ collection: asked.collection, amount: toDecimal(asked.amount), currency_code: asked.currency })
  },
)
