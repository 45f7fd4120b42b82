import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import type { RefundSender } from "../money/refund-book"
import { BNPL_LEDGER_MODULE } from "../../modules/bnpl/key"
import { loanLocksOf, underLocks } from "../ledger/locks"
import { bookingSender } from "../money/refund-book"

/** The book's reason for a refund the store's own code asked Medusa for. */
export const STORE_REFUND = "refund from Medusa (the store's own code)"

/**
 * A refund Medusa asks the provider for on a path the plugin did not start: the store's own code
 * running Medusa's refundPaymentWorkflow or cancelOrderWorkflow, or a completion's rollback outside
 * the plugin's routes. It is booked and sent under the lock of what the loan pays, as the plugin's own refunds are,
 * so it waits behind unclear and outside entries and a lost reply is never sent again.
 *
 * Medusa hands a payment provider its own module's container, which cannot reach the ledger. This
 * reads Medusa's application container (`container` of `@medusajs/framework`, where Medusa
 * registers every module at boot): the one channel of its kind (docs/architecture.md).
 */
export const storeRefundSender: RefundSender = async (refund) => {
  const { container } = (await import("@medusajs/framework")) as { container: MedusaContainer }
  if (!container.hasRegistration(BNPL_LEDGER_MODULE)) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      'A refund of a loan must be booked by medusa-payment-bnpl before it is sent, and its ledger is not loaded: register the plugin in medusa-config.ts (plugins: ["medusa-payment-bnpl"]).',
    )
  }
  await underLocks(container, await loanLocksOf(container, [refund.cartId]), () => bookingSender(container, STORE_REFUND)(refund))
}
