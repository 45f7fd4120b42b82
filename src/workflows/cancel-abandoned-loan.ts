import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, PaymentSessionStatus } from "@medusajs/framework/utils"
import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { cancelOrderWorkflow } from "@medusajs/medusa/core-flows"
import { ledgerOf } from "../lib/ledger/ledger"
import type { LoanChange } from "../modules/bnpl/service"
import { ledgerChangeStep } from "./steps/ledger-change-step"
import { underCartLockOfRow } from "./under-cart-lock-of-row"
import { holderOfRow } from "../lib/ledger/holder"
import { cancelWaitingSession, cartPayment, sessionOfLoan } from "../lib/ledger/queries"
import { bnplFromContainer } from "../lib/bnpl/resolve-options"
import { awaitsFinancing } from "../lib/bnpl/session-data"

/**
 * Ends an unpaid loan: reconciliation's answer to a loan left past the loan
 * time-out (the service never cancels one by itself), or one the service
 * already cancelled, and the answer to an order placed before its financing
 * (`orderBeforeFinancing`) that was cancelled. A loan paid since the last look
 * is never cancelled. An order still waiting for the loan is cancelled with it
 * through Medusa's cancelOrderWorkflow: its stock goes back, `order.canceled` is sent.
 */
export interface CancelAbandonedLoanInput {
  ledger_id: string
  /** The status query already shows the loan CANCELLED: only Medusa's side is left to do. */
  cancelled_at_service?: boolean
  /** Why, for the service's cancel request. */
  reason?: string
}

/** Sessions whose loan is still awaited: before an order, or by an order placed before its financing. */
const AWAITING: ReadonlySet<string> = new Set([PaymentSessionStatus.PENDING, PaymentSessionStatus.PENDING_AUTHORIZATION])

const cancelStep = ledgerChangeStep("bnpl-cancel-abandoned-loan", cancelAbandoned)

async function cancelAbandoned(
  input: CancelAbandonedLoanInput,
  container: MedusaContainer,
): Promise<{ output: { cancelled: boolean }; change?: LoanChange }> {
  const ledger = ledgerOf(container)
  const row = await ledger.retrieveBnplLoan(input.ledger_id)
  const notCancelled = { output: { cancelled: false } }
  if (row.state !== "open") return notCancelled
  const cart = await cartPayment(container, holderOfRow(row))
  const session = sessionOfLoan(cart.sessions, row.loan_id)
  if (session && !AWAITING.has(session.status)) return notCancelled
  if (!input.cancelled_at_service) {
    const { client } = bnplFromContainer(container)
    const { cancelled } = await client.cancelIfUnpaid(row.cart_id, row.loan_id, input.reason ?? "abandoned: not paid within the loan time-out")
    if (!cancelled) return notCancelled
  }
  if (session) await cancelWaitingSession(container, holderOfRow(row), row.loan_id, "CANCELLED")
  const change = await ledger.recordCancelled(row)
  if (cart.orderId && awaitsFinancing(session) && !cart.paymentCollectionCanceled) {
    await cancelAwaitingOrder(container, cart.orderId, row.loan_id)
  }
  return { output: { cancelled: true }, change }
}

/**
 * The order placed before its financing goes with the loan. A refusal (a fulfilment made
 * before the loan was paid) leaves it for the admin, who sees the loan cancelled on it.
 */
async function cancelAwaitingOrder(container: MedusaContainer, orderId: string, loanId: number): Promise<void> {
  const { errors } = await cancelOrderWorkflow(container).run({ input: { order_id: orderId }, throwOnError: false })
  if (!errors.length) return
  const why = errors.map((e) => (e.error as Error | undefined)?.message).join("; ")
  container
    .resolve(ContainerRegistrationKeys.LOGGER)
    .warn(`[bnpl] loan ${loanId} ended unpaid, but its order ${orderId} could not be cancelled: ${why}. Cancel it in the admin.`)
}

export const cancelAbandonedLoanWorkflow = createWorkflow("bnpl-cancel-abandoned-loan", (input: CancelAbandonedLoanInput) => {
  return new WorkflowResponse(underCartLockOfRow(input, cancelStep))
})
