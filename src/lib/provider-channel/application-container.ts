import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { ensureReopenedLoanRow, type LoanMade } from "../ledger/loan-row"
import { BNPL_LEDGER_MODULE } from "../../modules/bnpl/key"
import { loanLocksOf, underLocks } from "../ledger/locks"
import { bookingSender, type RefundSender } from "../money/refund-book"

/** The book's reason for a refund the store's own code asked Medusa for. */
export const STORE_REFUND = "refund from Medusa (the store's own code)"

/**
 * The provider's one channel from outside its arguments. Medusa hands a payment provider its own
 * module's container, which cannot reach the ledger; this reads Medusa's application container
 * (`container` of `@medusajs/framework`, where Medusa registers every module at boot), and only for
 * what no argument of Medusa's brings: what a path of the plugin's hands the provider
 * (hand-over.ts), a refund the store's own code asked for, and the loan of a session Medusa
 * reopened (docs/architecture.md).
 */
export async function medusaContainer(): Promise<MedusaContainer> {
  return ((await import("@medusajs/framework")) as { container: MedusaContainer }).container
}

/** The application container, once the plugin's ledger is registered in it. */
async function applicationContainer(): Promise<MedusaContainer> {
  const container = await medusaContainer()
  if (!container.hasRegistration(BNPL_LEDGER_MODULE)) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      'A loan must be on medusa-payment-bnpl\'s ledger before its money moves, and the ledger is not loaded: register the plugin in medusa-config.ts (plugins: ["medusa-payment-bnpl"]).',
    )
  }
  return container
}

/**
 * A refund Medusa asks the provider for on a path the plugin did not start: the store's own code
 * running Medusa's refundPaymentWorkflow or cancelOrderWorkflow, or a completion's rollback outside
 * the plugin's routes. It is booked and sent under the lock of what the loan pays, as the plugin's
 * own refunds are, so it waits behind unclear and outside entries and a lost reply is never sent again.
 */
export const storeRefundSender: RefundSender = async (refund) => {
  const container = await applicationContainer()
  await underLocks(container, await loanLocksOf(container, [refund.cartId]), () => bookingSender(container, STORE_REFUND)(refund))
}

/**
 * The ledger's row for the loan of a session Medusa reopened: with `autoCapture`, its rollback of
 * a completion that failed after the capture refunds the payment and opens a new session itself,
 * whoever ran the completion; the rollback of a session creation re-creates the sessions it had
 * deleted. That loan gets its row at once, like every other, instead of waiting for
 * reconciliation's backfill (a cart changed before it would leave a paid loan unknown).
 */
export const recordReopenedLoan = async (loan: LoanMade): Promise<void> => ensureReopenedLoanRow(await applicationContainer(), loan)
