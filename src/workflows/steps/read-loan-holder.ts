import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { bnplFromContainer } from "../../lib/options/resolve-options"
import type { OrderBalance } from "../../lib/medusa/balance-snapshot"
import { ownerOfPaymentCollection } from "../../lib/medusa/medusa-tables"

export const readLoanHolderStepId = "bnpl-read-loan-holder"

/** What a payment collection's loan pays, with the `cartId` the service will know it by. */
export interface CollectionHolder {
  /** The collection's cart; for an order's balance, the collection's own id (modules/bnpl/holder.ts, `balanceHolder`). */
  cart_id: string
  /** The collection is an order's balance (Medusa's payment link), not a cart's. */
  balance?: OrderBalance
}

/**
 * What the payment collection pays, from Medusa's links and never from what a storefront sent: a
 * cart (checkout), else an order's balance (Medusa's payment link, which needs the storefront's
 * payment-link page).
 */
export const readLoanHolderStep = createStep(readLoanHolderStepId, async (input: { payment_collection_id: string }, { container }) => {
  const collectionId = input.payment_collection_id
  const { cart_id: cartId, order_id: orderId } = await ownerOfPaymentCollection(container, collectionId)
  if (cartId) return new StepResponse<CollectionHolder>({ cart_id: cartId })
  if (!orderId) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Payment collection ${collectionId} belongs to neither a cart nor an order.`)
  const { paymentLinkUrl } = bnplFromContainer(container).options
  if (!paymentLinkUrl) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "Paying an order's balance in installments needs the storefront's payment-link page: set BNPL_STOREFRONT_URL or BNPL_PAYMENT_LINK_URL.",
    )
  }
  return new StepResponse<CollectionHolder>({
    cart_id: collectionId,
    balance: { paymentCollectionId: collectionId, orderId, pageUrl: paymentLinkUrl },
  })
})
