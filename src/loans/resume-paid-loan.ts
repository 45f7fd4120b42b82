import { Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { createPaymentSessionsWorkflow } from "@medusajs/medusa/core-flows"
import type { LedgerLoan } from "../modules/bnpl/types"
import { sameAmount } from "../lib/bnpl/money"
import { bnplFromContainer } from "../lib/bnpl/resolve-options"
import { PROVIDER_ID } from "../lib/bnpl/session-data"
import { isPaid } from "../lib/bnpl/status"
import type { LoanRecord } from "../lib/bnpl/wire"
import { readCartForLoan } from "./cart-snapshot"
import { ledgerOf, underCartLock } from "./ledger"
import { cartPayment, orderOfCart, sessionOfLoan } from "./queries"
import { bookOfCart, refundBlock } from "./refund-book"

/**
 * A paid loan that no payment session holds any more (the customer changed the cart, and
 * Medusa dropped the session) while the cart matches it again: a new pp_bnpl_bnpl session
 * takes the loan over, as selecting the method again would (start-loan.ts), so that the
 * confirmation can complete the cart the customer paid for. Nothing is asked of the service
 * but the refund history, and no new loan is made.
 *
 * Answers whether a session now holds the loan. It does nothing, and answers false, when the
 * cart is gone, an order or a session holds it, its payment collection is for another amount,
 * it is paid otherwise, or the loan may have a refund (the book's rule, refund-book.ts).
 */
export async function resumePaidLoan(container: MedusaContainer, row: LedgerLoan, loan: LoanRecord): Promise<boolean> {
  if (!isPaid(loan)) return false
  return underCartLock(container, row.cart_id, async () => {
    const cart = await cartPayment(container, row.cart_id)
    if (!cart.exists || cart.completedAt || !cart.paymentCollectionId || sessionOfLoan(cart.sessions, row.loan_id)) return false
    const collectionId = cart.paymentCollectionId
    const [orderId, collection, history, book] = await Promise.all([
      orderOfCart(container, row.cart_id),
      container.resolve(Modules.PAYMENT).retrievePaymentCollection(collectionId, { select: ["amount", "currency_code"] }),
      bnplFromContainer(container).client.getRefunds(row.cart_id),
      bookOfCart(container, row.cart_id),
    ])
    if (orderId || !sameAmount(loan.totalAmount, collection.amount) || collection.currency_code !== row.currency_code) return false
    if (refundBlock(loan, row.cart_id, history, book)) return false
    const { snapshot, paid } = await readCartForLoan(container, row.cart_id, collectionId)
    if (paid) return false
    const adoptLoan = { loanId: loan.loanId, checkoutUrl: row.checkout_url ?? "" }
    const { result: session } = await createPaymentSessionsWorkflow(container).run({
      input: { payment_collection_id: collectionId, provider_id: PROVIDER_ID, data: { cart: { ...snapshot, adoptLoan } } },
    })
    await ledgerOf(container).patchLoan(row.id, { payment_collection_id: collectionId, payment_session_id: session.id })
    container.resolve("logger").info(`[bnpl] cart ${row.cart_id} matches paid loan ${loan.loanId} again: a new payment session takes it over`)
    return true
  })
}
