import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { ledgerOf } from "../lib/ledger/ledger"
import { underCartLockOfRow } from "./under-cart-lock-of-row"
import { holderOfRow } from "../lib/ledger/holder"
import { cancelWaitingSession, orderOfHolder, orderPayment, type OrderPayment } from "../lib/ledger/queries"
import { checkRefundsWorkflow, type RefundCheckResult } from "./refund-check"
import { countedByOrder } from "../lib/ledger/released-rest"
import type { LedgerLoan } from "../modules/bnpl/types"
import { refundLoanInFull } from "../lib/ledger/refund-in-full"
import { toCents, toDecimal } from "../lib/bnpl/money"
import { refundRefusal } from "../lib/bnpl/errors"
import { centsToDecimal } from "../lib/bnpl/refunds"
import { withRefundSender } from "../lib/bnpl/refund-sender"
import { bookingSender } from "../lib/ledger/refund-book"

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

const refundInFullStep = createStep("bnpl-refund-loan-in-full", async (input: RefundLoanInput, { container }) => {
  return new StepResponse(await refundInFull(container, input))
})

async function refundInFull(container: MedusaContainer, input: RefundLoanInput): Promise<RefundLoanResult> {
  const row = await ledgerOf(container).retrieveBnplLoan(input.ledger_id)
  if (row.state === "refunded") return { ledger_id: row.id, state: row.state, refunded_at_service: toDecimal(row.refunded_at_service) }
  const reason = input.reason ?? `refunded in full by ${input.requested_by ?? "the admin"}`
  const released = row.order_id ? await orderPayment(container, row.order_id, row.loan_id) : undefined
  if (released?.restReleased && released.orderStatus !== "canceled") return refundReleasedRest(container, row, released, reason.slice(0, 200))
  // Medusa decides, not the ledger's row: any order of the cart that is not cancelled and holds the loan.
  const holder = await liveOrderHolding(container, row)
  if (holder) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Loan ${row.loan_id} is the payment of order ${holder}, which is not cancelled: refund it from the order, or cancel the order, so Medusa records the refund.`,
    )
  }
  await refundCapturedThroughMedusa(container, row, reason.slice(0, 200))
  const result = await refundLoanInFull(container, row.cart_id, row.loan_id, reason.slice(0, 200), `bnpl-refund-${row.id}`).catch((error) => {
    // A refusal or an unclear answer, in words the admin can act on (a 400, not a 500).
    throw refundRefusal(error, row.loan_id) ?? error
  })
  if (!result.loan) throw new MedusaError(MedusaError.Types.NOT_FOUND, `The service lists no loan ${row.loan_id} for cart ${row.cart_id}.`)
  const total = result.loan.totalAmount
  await ledgerOf(container).recordRefundedInFull(row, { loanStatus: result.loan.status, total, reason })
  await cancelWaitingSession(container, holderOfRow(row), row.loan_id, "HISTORICAL")
  container.resolve("logger").info(`[bnpl] loan ${row.loan_id} of cart ${row.cart_id} refunded in full (${result.refundedNow} now): ${reason}`)
  return { ledger_id: row.id, state: "refunded", refunded_at_service: total }
}

/**
 * A loan whose payment's uncaptured rest Medusa released while its order stays (queries.ts,
 * `restReleased`) stays that order's payment for what it captured: only what the order does not
 * count goes back, and the refund check after it takes the loan off the list.
 */
async function refundReleasedRest(container: MedusaContainer, row: LedgerLoan, payment: OrderPayment, reason: string): Promise<RefundLoanResult> {
  const keep = centsToDecimal(countedByOrder(payment))
  const result = await refundLoanInFull(container, row.cart_id, row.loan_id, reason, `bnpl-rest-${payment.paymentId}`, keep).catch((error) => {
    throw refundRefusal(error, row.loan_id) ?? error
  })
  if (!result.loan) throw new MedusaError(MedusaError.Types.NOT_FOUND, `The service lists no loan ${row.loan_id} for cart ${row.cart_id}.`)
  container
    .resolve("logger")
    .info(`[bnpl] loan ${row.loan_id} of cart ${row.cart_id}: ${result.refundedNow} that order ${row.order_id} no longer counts refunded: ${reason}`)
  return { ledger_id: row.id, state: "ordered", refunded_at_service: centsToDecimal(toCents(result.loan.totalAmount) - toCents(keep)) }
}

/**
 * What a cancelled order's captured payment still holds (its cancel's refund refused, or the
 * order cancelled by a path that left it) is refunded through Medusa's payment module,
 * booked and sent once like every refund, so Medusa's records keep matching the service's; the
 * rest of the loan goes by the book after it.
 */
async function refundCapturedThroughMedusa(container: MedusaContainer, row: LedgerLoan, reason: string): Promise<void> {
  if (!row.order_id) return
  const payment = await orderPayment(container, row.order_id, row.loan_id)
  if (!payment || payment.orderStatus !== "canceled" || payment.canceled) return
  const rest = toCents(payment.captured) - toCents(payment.refunded)
  if (rest <= 0n) return
  // Medusa's refundPaymentWorkflow refuses a cancelled order; its payment module records the refund as the workflow would.
  await withRefundSender(bookingSender(container, reason), () =>
    container.resolve(Modules.PAYMENT).refundPayment({ payment_id: payment.paymentId, amount: centsToDecimal(rest), note: reason }),
  )
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
    underCartLockOfRow(input, (input) => {
      const refunded = refundInFullStep(input)
      // A loan that stays its order's payment goes off the list by the refund check, as any other.
      const checked = when({ refunded }, ({ refunded }) => refunded.state === "ordered").then(() =>
        checkRefundsWorkflow.runAsStep({ input: transform({ input }, ({ input }) => ({ ledger_id: input.ledger_id })) }),
      )
      return transform({ refunded, checked }, ({ refunded, checked }): RefundLoanResult =>
        checked ? { ...refunded, state: CHECKED_STATE[checked.outcome] } : refunded,
      )
    }),
  )
})

/**
 * The first order, among those that may hold the loan, that is not cancelled and holds its
 * payment. A payment whose collection Medusa replaced (an edit, exchange or claim before the
 * capture asks the whole total again) holds nothing: the loan pays for nothing there.
 */
async function liveOrderHolding(container: MedusaContainer, row: LedgerLoan): Promise<string | undefined> {
  const candidates = new Set(
    [row.order_id, row.suspect_order_id, await orderOfHolder(container, holderOfRow(row))].filter((id): id is string => !!id),
  )
  for (const orderId of candidates) {
    const payment = await orderPayment(container, orderId, row.loan_id)
    if (payment && !payment.replaced && payment.orderStatus !== "canceled") return orderId
  }
  return undefined
}
