import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { refundPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { centsToDecimal } from "../lib/bnpl/refunds"
import { toCents } from "../lib/bnpl/money"
import { withRefundSender } from "../lib/bnpl/refund-sender"
import { orderPayments } from "../lib/ledger/queries"
import { bookingSender } from "../lib/ledger/refund-book"
import { owedToShopper } from "../lib/ledger/order-change-guard"
import { lockCarts, unlockCarts } from "./cart-locks"
import { orderLoanCartsStep } from "./steps/order-loan-carts"

/**
 * `refundOnReturn`: Medusa received a return of an order a loan paid, and the order now owes
 * the shopper money (its summary's pending difference is below zero). That amount, at most what
 * the loan's captured payment has left, is refunded through Medusa's own refund of the payment,
 * so Medusa records it, and the provider's booked sender sends it to the service once
 * (src/lib/ledger/refund-book.ts). The refund carries the return's id in its note: a second
 * delivery of the event finds it and refunds nothing. Under the cart's lock, as every refund.
 *
 * Nothing is guessed: an uncaptured payment, an order that owes nothing, or a refund the service
 * refuses or leaves unclear (booked, and on the loans page) is logged and left to the admin.
 */
export interface RefundReceivedReturnInput {
  order_id: string
  return_id: string
}

export type ReturnRefund =
  | { outcome: "refunded"; amount: string }
  | { outcome: "already_refunded" | "nothing_due" | "not_a_loan" }
  | { outcome: "not_captured" | "refused"; reason: string }

const noteOf = (returnId: string) => `Return ${returnId} received (refund on return)`

export const refundReceivedReturnStepId = "bnpl-refund-received-return"

/** Under the locks of the order's loans' carts, the payments are read again (refundDue). */
const refundReceivedReturnStep = createStep(refundReceivedReturnStepId, async (input: RefundReceivedReturnInput, { container }) => {
  const result = await refundDue(container, input)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  if (result.outcome === "refunded") logger.info(`[bnpl] order ${input.order_id}: return ${input.return_id} refunded ${result.amount} on its loan`)
  if ("reason" in result) logger.warn(`[bnpl] order ${input.order_id}: return ${input.return_id} not refunded: ${result.reason}`)
  return new StepResponse<ReturnRefund>(result)
})

async function refundDue(container: MedusaContainer, input: RefundReceivedReturnInput): Promise<ReturnRefund> {
  // Read again under the lock: a refund of the order page or an earlier delivery may have been first.
  const [payments, owed] = await Promise.all([orderPayments(container, input.order_id), owedToShopper(container, input.order_id)])
  const live = payments.filter((candidate) => !candidate.canceled)
  const note = noteOf(input.return_id)
  if (live.some((candidate) => candidate.refunds.some((refund) => refund.note === note))) return { outcome: "already_refunded" }
  // An order with several loans (a balance's after an edit, an exchange or a claim): the first with something captured left.
  const payment = live.find((candidate) => toCents(candidate.captured) > toCents(candidate.refunded)) ?? live[0]
  if (!payment) return { outcome: "not_a_loan" }
  if (owed <= 0n) return { outcome: "nothing_due" }
  const refundable = toCents(payment.captured) - toCents(payment.refunded)
  if (refundable <= 0n) {
    return {
      outcome: "not_captured",
      reason: `the loan's payment has nothing captured left to refund; capture it, then refund ${centsToDecimal(owed)} from the order`,
    }
  }
  const amount = centsToDecimal(owed < refundable ? owed : refundable)
  const reason = `return ${input.return_id} received`
  try {
    await withRefundSender(bookingSender(container, reason), () =>
      refundPaymentWorkflow(container).run({ input: { payment_id: payment.paymentId, amount, note } }),
    )
    return { outcome: "refunded", amount }
  } catch (error) {
    return { outcome: "refused", reason: (error as Error).message }
  }
}

export const refundReceivedReturnWorkflow = createWorkflow("bnpl-refund-received-return", (input: RefundReceivedReturnInput) => {
  const carts = orderLoanCartsStep(input)
  const locks = lockCarts(carts)
  // Most returns are of orders no loan paid: nothing more is read for them.
  const refunded = when("bnpl-order-has-loans", { carts }, ({ carts }) => carts.cart_ids.length > 0).then(() => refundReceivedReturnStep(input))
  unlockCarts(locks)
  return new WorkflowResponse(transform({ refunded }, ({ refunded }): ReturnRefund => refunded ?? { outcome: "not_a_loan" }))
})
