import { PaymentSessionStatus } from "@medusajs/framework/utils"
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { underHolderLockOfRow } from "./under-holder-lock-of-row"
import { holderOfRow } from "../modules/bnpl/holder"
import { type CartPayment, type SessionRow, sessionOfLoan } from "../lib/medusa/queries"
import { awaitsFinancing } from "../lib/medusa/session-data"
import type { LedgerLoan } from "../modules/bnpl/types"
import { cancelAwaitingOrderStep } from "./steps/cancel-awaiting-order"
import { cancelLoanAtServiceStep } from "./steps/cancel-loan-at-service"
import { cancelWaitingSessionStep } from "./steps/cancel-waiting-session"
import { readCartPaymentStep } from "./steps/read-cart-payment"
import { readLedgerRowStep } from "./steps/read-ledger-row"
import { recordLoanCancelledStep } from "./steps/record-loan-cancelled"

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

/** The loan's session, and whether the loan may end: its row is open and no session holds it beyond waiting. */
function waitingOf({ row, cart }: { row: LedgerLoan; cart?: CartPayment }): { mayEnd: boolean; session?: SessionRow } {
  if (row.state !== "open" || !cart) return { mayEnd: false }
  const session = sessionOfLoan(cart.sessions, row.loan_id)
  return { mayEnd: !session || AWAITING.has(session.status), session }
}

export const cancelAbandonedLoanWorkflow = createWorkflow("bnpl-cancel-abandoned-loan", (input: CancelAbandonedLoanInput) => {
  return new WorkflowResponse(
    underHolderLockOfRow(input, (input) => {
      const row = readLedgerRowStep(input)
      const holder = transform({ row }, ({ row }) => ({ holder: holderOfRow(row) }))
      const cart = when("bnpl-loan-row-open", { row }, ({ row }) => row.state === "open").then(() => readCartPaymentStep(holder))
      const waiting = transform({ row, cart }, waitingOf)

      const atService = when(
        "bnpl-loan-to-cancel-at-service",
        { input, waiting },
        ({ input, waiting }) => waiting.mayEnd && !input.cancelled_at_service,
      ).then(() =>
        cancelLoanAtServiceStep(
          transform({ input, row }, ({ input, row }) => ({
            service_cart_id: row.service_cart_id,
            loan_id: row.loan_id,
            reason: input.reason ?? "abandoned: not paid within the loan time-out",
          })),
        ),
      )
      const cancelled = transform(
        { input, waiting, atService },
        ({ input, waiting, atService }) => waiting.mayEnd && (!!input.cancelled_at_service || !!atService),
      )

      when("bnpl-loan-session-waits", { cancelled, waiting }, ({ cancelled, waiting }) => cancelled && !!waiting.session).then(() =>
        cancelWaitingSessionStep(
          transform({ row, holder }, ({ row, holder }) => ({ ...holder, loan_id: row.loan_id, loan_status: "CANCELLED" as const })),
        ),
      )
      when("bnpl-loan-ended-unpaid", { cancelled }, ({ cancelled }) => cancelled).then(() => recordLoanCancelledStep(row))
      when(
        "bnpl-order-awaits-loan",
        { cancelled, cart, waiting },
        ({ cancelled, cart, waiting }) => cancelled && !!cart?.orderId && awaitsFinancing(waiting.session) && !cart.paymentCollectionCanceled,
      ).then(() => cancelAwaitingOrderStep(transform({ row, cart }, ({ row, cart }) => ({ order_id: cart!.orderId!, loan_id: row.loan_id }))))

      return transform({ cancelled }, ({ cancelled }) => ({ cancelled }))
    }),
  )
})
