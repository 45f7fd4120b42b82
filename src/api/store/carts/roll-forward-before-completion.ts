import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError, type PaymentSessionStatus } from "@medusajs/framework/utils"
import { emitLoanChange } from "../../../lib/ledger/emit-events"
import { ledgerOf, type LedgerPatch, rowOfLoan } from "../../../lib/ledger/ledger"
import { cartPayment, cartTotal, orderOfCart, orderOfPaymentCollection } from "../../../lib/ledger/queries"
import { sameAmount, toDecimal } from "../../../lib/bnpl/money"
import { PROVIDER_ID, readSessionData } from "../../../lib/bnpl/session-data"
import { CONFIRMABLE_SESSION, isPaid } from "../../../lib/bnpl/status"
import { bnplFromContainer } from "../../../lib/bnpl/resolve-options"
import { bookOfCart, refundBlock } from "../../../lib/ledger/refund-book"
import type { LedgerLoan } from "../../../modules/bnpl/types"
import { confirmLoanWorkflow } from "../../../workflows/confirm-loan"

/**
 * The storefront completes a cart through Medusa's own route, which the
 * webhook and reconciliation never pass through. When a completion a crash
 * cut short already placed the order (it holds the cart's payment
 * collection, but the cart is not linked to it), the confirmation workflow
 * rolls it forward first: Medusa's route then finds the cart's order instead
 * of placing a second one. Otherwise it marks the loan's completion as
 * started, so that a crash in it is known to the next confirmation.
 *
 * A cart whose total moved away from its loan's amount (code that changed
 * the cart without refreshing its payment collection) is refused here:
 * Medusa's completion would place an order the loan does not pay for.
 */
export async function rollForwardBeforeCompletion(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const cartId = req.params.id
  const cart = await cartPayment(req.scope, cartId)
  const session = cart.sessions.find((s) => s.provider_id === PROVIDER_ID && CONFIRMABLE_SESSION[s.status as PaymentSessionStatus])
  const loan = session && readSessionData(session.data)
  if (!loan || !cart.paymentCollectionId) return next()
  const [holder, linked, row, total] = await Promise.all([
    orderOfPaymentCollection(req.scope, cart.paymentCollectionId),
    orderOfCart(req.scope, cartId),
    rowOfLoan(req.scope, loan.loan_id),
    cartTotal(req.scope, cartId),
  ])
  if (!linked && total !== undefined && !sameAmount(total, session.amount)) {
    // The loan stays as it is: selecting the method again refunds it before a new loan (src/api/store/payment-collections/start-loan-session.ts).
    req.scope
      .resolve("logger")
      .warn(`[bnpl] cart ${cartId} totals ${toDecimal(total)}, but its loan ${loan.loan_id} is for ${toDecimal(loan.amount)}: completion refused`)
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "This cart changed after its installment payment. Choose Pay in installments again to pay the new total; the earlier payment is returned.",
    )
  }
  if (!linked && row) await refuseRefundedLoan(req, cartId, row)
  if (holder && !linked) await confirmLoanWorkflow(req.scope).run({ input: { cart_id: cartId, loan_id: loan.loan_id } })
  // Like the confirmation, a storefront completion leaves a mark that a crash would leave behind.
  else if (row && row.state === "open" && !row.completion_started_at)
    await ledgerOf(req.scope).patchLoan(row.id, { completion_started_at: new Date() })
  next()
}

/** A loan refunded at the service (or that may be) never pays a new order: the shopper starts again, the admin sees why. */
async function refuseRefundedLoan(req: MedusaRequest, cartId: string, row: LedgerLoan): Promise<void> {
  const { client } = bnplFromContainer(req.scope)
  const [loan, history, book] = await Promise.all([client.getLoan(cartId, row.loan_id), client.getRefunds(cartId), bookOfCart(req.scope, cartId)])
  const blocked = loan && isPaid(loan) ? refundBlock(loan, cartId, history, book) : undefined
  if (!blocked) return
  const patch: LedgerPatch = { state: "needs_attention", attention_reason: blocked, loan_status: loan!.status }
  await ledgerOf(req.scope).patchLoan(row.id, patch)
  await emitLoanChange(req.scope, row, { ...row, ...patch })
  req.scope.resolve("logger").warn(`[bnpl] cart ${cartId}: completion refused: ${blocked}`)
  throw new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    "This installment payment was returned and cannot pay for the order. Choose Pay in installments again.",
  )
}
