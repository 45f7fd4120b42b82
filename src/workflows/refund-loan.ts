import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { underHolderLockOfRow } from "./under-holder-lock-of-row"
import { holderOfRow } from "../modules/bnpl/holder"
import type { OrderPayment } from "../lib/medusa/queries"
import { checkRefundsWorkflow, type RefundCheckResult } from "./refund-check"
import type { LedgerLoan } from "../modules/bnpl/types"
import { toDecimal } from "../lib/service/money"
import { cancelWaitingSessionStep } from "./steps/cancel-waiting-session"
import { readLedgerRowStep } from "./steps/read-ledger-row"
import { readLiveOrderOfLoanStep } from "./steps/read-live-order-of-loan"
import { readOrderPaymentStep } from "./steps/read-order-payment"
import { recordRefundedInFullStep } from "./steps/record-refunded-in-full"
import { refundCapturedThroughMedusaStep } from "./steps/refund-captured-through-medusa"
import { refundLoanInFullStep } from "./steps/refund-loan-in-full"
import { refundReleasedRestStep } from "./steps/refund-released-rest"
import { refuseRefundOfLiveOrderStep } from "./steps/refuse-refund-of-live-order"

/**
 * Refunds a paid loan in full at the service: the admin's "refund in full",
 * and reconciliation's for a paid loan no order can ever hold. A loan that is
 * an order's payment is refunded from the order instead, so Medusa's refund
 * records keep matching the service's; one whose uncaptured rest Medusa released
 * while its order stays gets only that rest back. The loan's session, if still waiting,
 * is cancelled so the cart cannot complete with a refunded loan.
 *
 * No compensation undoes the refund: money that left cannot be called back.
 * The ledger row records it before anything else can fail.
 */
export interface RefundLoanInput {
  /** The ledger row's id (`bnplloan_…`). */
  ledger_id: string
  /** Who asked: an admin user id, or "reconciliation". */
  requested_by?: string
  /** Why, for the service's record and the ledger. */
  reason?: string
}

export interface RefundLoanResult {
  ledger_id: string
  state: string
  /** What the service refunded on this loan after the call, decimal. */
  refunded_at_service: string
}

/** Which refund the loan gets, and why in the words the row and the service keep. */
interface RefundPlan {
  /** `done`: refunded already; `rest`: only what its order no longer counts; `full`: all that remains. */
  kind: "done" | "rest" | "full"
  /** Why, for the row and the log. */
  reason: string
  /** The same, as the service's record takes it (200 characters). */
  serviceReason: string
  payment: OrderPayment | null
}

function planRefund({ input, row, payment }: { input: RefundLoanInput; row: LedgerLoan; payment?: OrderPayment | null }): RefundPlan {
  const reason = input.reason ?? `refunded in full by ${input.requested_by ?? "the admin"}`
  const plan = { reason, serviceReason: reason.slice(0, 200), payment: payment ?? null }
  if (row.state === "refunded") return { ...plan, kind: "done" }
  if (payment?.restReleased && payment.orderStatus !== "canceled") return { ...plan, kind: "rest" }
  return { ...plan, kind: "full" }
}

/** The row's state after the refund check's outcome. */
const CHECKED_STATE: Record<RefundCheckResult["outcome"], LedgerLoan["state"]> = {
  in_order: "ordered",
  refunds_recorded: "ordered",
  refunded: "refunded",
  needs_attention: "needs_attention",
}

export const refundLoanWorkflow = createWorkflow("bnpl-refund-loan", (input: RefundLoanInput) => {
  return new WorkflowResponse(
    underHolderLockOfRow(input, (input) => {
      const row = readLedgerRowStep(input)
      const payment = when("bnpl-loan-not-refunded-yet", { row }, ({ row }) => row.state !== "refunded").then(() => readOrderPaymentStep(row))
      const plan = transform({ input, row, payment }, planRefund)

      const rest = when("bnpl-refund-rest-order-released", { plan }, ({ plan }) => plan.kind === "rest").then(() => {
        const refunded = refundReleasedRestStep(
          transform({ row, plan }, ({ row, plan }) => ({ row, payment: plan.payment!, reason: plan.serviceReason })),
        )
        // A loan that stays its order's payment goes off the list by the refund check, as any other.
        const checked = checkRefundsWorkflow.runAsStep({ input: transform({ row }, ({ row }) => ({ ledger_id: row.id })) })
        return transform({ row, refunded, checked }, ({ row, refunded, checked }) => ({
          ledger_id: row.id,
          state: CHECKED_STATE[checked.outcome],
          refunded_at_service: refunded.refunded_at_service,
        }))
      })

      const full = when("bnpl-refund-all-that-remains", { plan }, ({ plan }) => plan.kind === "full").then(() => {
        const liveOrder = readLiveOrderOfLoanStep(row)
        refuseRefundOfLiveOrderStep(transform({ row, liveOrder }, ({ row, liveOrder }) => ({ loan_id: row.loan_id, order_id: liveOrder })))
        refundCapturedThroughMedusaStep(transform({ plan }, ({ plan }) => ({ payment: plan.payment, reason: plan.serviceReason })))
        const refund = refundLoanInFullStep(
          transform({ row, plan }, ({ row, plan }) => ({
            service_cart_id: row.service_cart_id,
            loan_id: row.loan_id,
            reason: plan.serviceReason,
            idempotency_key: `bnpl-refund-${row.id}`,
          })),
        )
        recordRefundedInFullStep(
          transform({ row, plan, refund }, ({ row, plan, refund }) => ({
            row,
            loan: refund.loan,
            refunded_now: refund.refundedNow,
            reason: plan.reason,
          })),
        )
        cancelWaitingSessionStep(
          transform({ row }, ({ row }) => ({ holder: holderOfRow(row), loan_id: row.loan_id, loan_status: "HISTORICAL" as const })),
        )
        return transform({ row, refund }, ({ row, refund }) => ({
          ledger_id: row.id,
          state: "refunded",
          refunded_at_service: refund.loan.totalAmount,
        }))
      })

      return transform({ row, plan, rest, full }, ({ row, plan, rest, full }): RefundLoanResult => {
        if (plan.kind === "done") return { ledger_id: row.id, state: row.state, refunded_at_service: toDecimal(row.refunded_at_service) }
        return (rest ?? full)!
      })
    }),
  )
})
