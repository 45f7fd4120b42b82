import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError, PaymentSessionStatus } from "@medusajs/framework/utils"
import { rowOfLoan } from "../../../lib/ledger/ledger"
import { holderLocksOf, holdLocksUntil } from "../../../lib/ledger/locks"
import { cartHolder } from "../../../modules/bnpl/holder"
import { cartTotal, orderOfCart, orderOfPaymentCollection, sessionsOfCart, type SessionRow } from "../../../lib/medusa/queries"
import { sameAmount, toDecimal } from "../../../lib/service/money"
import { awaitsFinancing, isBnplProvider, readSessionData, type SessionData } from "../../../lib/medusa/session-data"
import { CONFIRMABLE_SESSION, isPaid } from "../../../lib/service/status"
import { loanAtService } from "../../../lib/ledger/loan-at-service"
import { paidLoanVerdict } from "../../../lib/money/paid-loan"
import { duringCompletion } from "../../../lib/provider-channel/during-completion"
import { answered } from "../../answered"
import type { LedgerLoan } from "../../../modules/bnpl/types"
import { confirmLoan } from "../../../workflows/confirm-loan"
import { listLoanWorkflow } from "../../../workflows/list-loan"
import { markCompletionStartedWorkflow } from "../../../workflows/mark-completion-started"

/**
 * The storefront completes a cart through Medusa's own route, which the
 * webhook and reconciliation never pass through. When a completion a crash
 * cut short already placed the order (it holds the cart's payment
 * collection, but the cart is not linked to it), the confirmation workflow
 * rolls it forward first: Medusa's route then finds the cart's order instead
 * of placing a second one. Otherwise it holds the cart's lock until Medusa's
 * route has answered, so that a Refund in full or a confirmation of the same
 * loan comes before or after the completion, never during it, and marks the
 * loan's completion as started, so that a crash in it is known to the next
 * confirmation.
 *
 * An order placed before its financing (`orderBeforeFinancing`) holds the cart already: the
 * shopper back from the service gets it authorized here when the loan is paid (the webhook may
 * not have come yet).
 *
 * A cart whose total moved away from its loan's amount (code that changed
 * the cart without refreshing its payment collection) is refused here:
 * Medusa's completion would place an order the loan does not pay for.
 */
export async function rollForwardBeforeCompletion(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const cartId = req.params.id
  // Asked first: a client gone while the lock is awaited still lets it go.
  const answer = answered(res)
  const cart = await sessionsOfCart(req.scope, cartHolder(cartId))
  const session = cart.sessions.find((s) => isBnplProvider(s.provider_id) && CONFIRMABLE_SESSION[s.status as PaymentSessionStatus])
  const loan = session && readSessionData(session.data)
  if (!loan || !cart.paymentCollectionId) return next()
  const holder = await orderOfPaymentCollection(req.scope, cart.paymentCollectionId)
  const linked = holder && (await orderOfCart(req.scope, cartId))
  // The confirmation takes the cart's lock itself; Medusa's route then finds the order it made. An
  // order placed before its financing is the cart's already: the return page authorizes its
  // session through the same confirmation once the status query shows the loan paid.
  if (holder && (!linked || awaitsFinancing(session))) {
    await confirmLoan(req.scope, { holder: cartHolder(cartId), loan_id: loan.loan_id })
    return next()
  }
  // Held until the answer is sent: a Refund in full, a refund check or a confirmation of the cart
  // waits for this completion, and finds its order, or refuses it, instead of racing it.
  const release = await holdLocksUntil(req.scope, holderLocksOf(req.scope, [cartHolder(cartId)]), answer)
  try {
    await checkBeforeCompletion(req, { cartId, loan, sessionAmount: session.amount, linked: !!linked })
  } catch (error) {
    await release()
    throw error
  }
  duringCompletion(req.scope, { carts: [cartId], lasts: answer }, () => next())
}

interface Completion {
  cartId: string
  loan: SessionData
  sessionAmount: SessionRow["amount"]
  /** The cart is already an order's: Medusa's route answers with it. */
  linked: boolean
}

async function checkBeforeCompletion(req: MedusaRequest, { cartId, loan, sessionAmount, linked }: Completion): Promise<void> {
  const [row, total] = await Promise.all([rowOfLoan(req.scope, loan.loan_id), cartTotal(req.scope, cartHolder(cartId))])
  if (!linked && total !== undefined && !sameAmount(total, sessionAmount)) {
    // The loan stays as it is: selecting the method again refunds it before a new loan (src/workflows/start-loan-session.ts).
    req.scope
      .resolve("logger")
      .warn(`[bnpl] cart ${cartId} totals ${toDecimal(total)}, but its loan ${loan.loan_id} is for ${toDecimal(loan.amount)}: completion refused`)
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "This cart changed after its installment payment. Choose Pay in installments again to pay the new total; the earlier payment is returned.",
    )
  }
  if (!linked && row) await refuseRefundedLoan(req, cartId, row)
  // Like the confirmation, a storefront completion leaves a mark that a crash would leave behind.
  if (row && row.state === "open" && !row.completion_started_at) await markCompletionStartedWorkflow(req.scope).run({ input: { ledger_id: row.id } })
}

/** A loan refunded at the service (or that may be) never pays a new order: the shopper starts again, the admin sees why. */
async function refuseRefundedLoan(req: MedusaRequest, cartId: string, row: LedgerLoan): Promise<void> {
  const found = await loanAtService(req.scope, cartId, row.loan_id)
  const { loan } = found
  const paid = loan && isPaid(loan) ? paidLoanVerdict(loan, cartId, found) : undefined
  if (!loan || !paid || paid.verdict === "pays") return
  await listLoanWorkflow(req.scope).run({ input: { ledger_id: row.id, reason: paid.reason, while_state: row.state, loan_status: loan.status } })
  req.scope.resolve("logger").warn(`[bnpl] cart ${cartId}: completion refused: ${paid.reason}`)
  throw new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    "This installment payment was returned and cannot pay for the order. Choose Pay in installments again.",
  )
}
