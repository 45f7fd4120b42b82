import type { MedusaContainer } from "@medusajs/framework/types"
import type { BookEntry } from "../modules/bnpl/types"
import { MedusaError } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { cancelOrderWorkflow } from "@medusajs/medusa/core-flows"
import { orderPayments, type OrderPayment } from "../lib/medusa/queries"
import { refundLoanInFull } from "../lib/money/refund-in-full"
import { bookOfCart } from "../lib/ledger/loan-at-service"
import {
  bookingSender,
  bookMedusaRefunds,
  type MedusaRefund,
  onItsWayMs,
  refundedOn,
  standingBook,
  unbookedMedusaRefunds,
  undecidedOf,
  undecidedReason,
} from "../lib/money/refund-book"
import { rowOfLoan } from "../lib/ledger/ledger"
import { lockHolders, unlockHolders } from "./holder-locks"
import { listLoanWorkflow } from "./list-loan"
import { orderLoanCartsStep } from "./steps/order-loan-carts"
import { restoreLoanPaymentsStep } from "./steps/restore-loan-payments"
import { toCents, toDecimal } from "../lib/service/money"
import { bnplFromContainer } from "../lib/options/resolve-options"
import { isZero, RefundRejectedError } from "../lib/service/refunds"
import { isPaid } from "../lib/service/status"
import type { HandedRefunds } from "../lib/provider-channel/hand-over"

/** The book's reason for every refund an order's cancel sends, Medusa's or the plugin's. */
export const CANCEL_REFUND = "order cancelled in Medusa"

/**
 * What the admin's cancel hands the provider: Medusa's cancelOrderWorkflow refunds each captured
 * payment of the order with the cancelling admin as `created_by`, and the provider books those
 * under the lock the cancel holds.
 */
export const cancelRefunds = (container: MedusaContainer, paymentIds: readonly string[], canceledBy?: string): HandedRefunds => ({
  send: bookingSender(container, CANCEL_REFUND),
  asked: (refund) => paymentIds.includes(refund.payment_id) && (refund.created_by ?? undefined) === canceledBy,
})

/**
 * Cancelling an order whose loan is paid refunds what remains at the service.
 *
 * Medusa's cancelOrderWorkflow cancels uncaptured payments through the provider, which never
 * refunds (a rollback of a failed completion cancels the same way), and refunds captured ones
 * through the provider, swallowing its errors. So every loan is checked before Medusa's cancel,
 * and the refund of the rest comes after it, as the last step of the same workflow: it checks
 * that Medusa's refund of what was captured went through, then refunds what remains of the loan
 * by the plugin's book of refunds (all of an uncaptured loan, the uncaptured rest after a partial
 * capture). A refusal, or a refund the book cannot account for (made outside Medusa, a lost
 * reply), fails the step, so the cancel is rolled back and the admin sees why.
 *
 * Medusa allows one handler per workflow hook, and `orderCanceled` belongs to the store: the
 * admin's cancel runs Medusa's cancelOrderWorkflow nested in the plugin's (cancelOrderWithLoansWorkflow),
 * and an order cancelled elsewhere is refunded by the `order.canceled` subscriber (cancelRefundWorkflow).
 */
export interface CancelRefundInput {
  order_id: string
}

export interface CancelOrderInput extends CancelRefundInput {
  canceled_by?: string
}

/**
 * Refunds the paid loans of a cancelled order (see above), under the locks of their carts, which
 * the caller holds; answers the loans it refunded. Inside the admin's cancel (`inAdminCancel`), a
 * failure stops the cancel, whose rollback gives back the payments it cancelled
 * (restoreLoanPaymentsStep). After a cancel made elsewhere, which cannot be
 * refused any more, each loan is refunded on its own, and one that cannot be is left to the
 * refund check, which lists it.
 */
export async function refundPaidLoansOfCancelledOrder(
  container: MedusaContainer,
  input: CancelRefundInput,
  { inAdminCancel }: { inAdminCancel: boolean },
): Promise<number[]> {
  const refunded: number[] = []
  for (const payment of await orderPayments(container, input.order_id)) {
    try {
      if (await refundRestOfPayment(container, input, payment)) refunded.push(payment.session.loan_id)
    } catch (error) {
      if (inAdminCancel) throw error
      container.resolve("logger").warn(`[bnpl] ${(error as Error).message.replace(/ was not cancelled:/, " is cancelled, but")}`)
    }
  }
  return refunded
}

/** What remains of one payment's loan, refunded; answers whether the loan was paid and is now refunded. */
async function refundRestOfPayment(container: MedusaContainer, input: CancelRefundInput, payment: OrderPayment): Promise<boolean> {
  const { paymentId, session, captured, refunded: inMedusa } = payment
  if (!isZero(captured) && toCents(inMedusa) < toCents(captured)) {
    // Medusa's cancel goes on past a refund the provider failed: the book says why it failed.
    const [undecided] = undecidedOf(await bookOfCart(container, session.service_cart_id), session.loan_id)
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      undecided
        ? `Order ${input.order_id} was not cancelled: ${undecidedReason(undecided, session.loan_id)}`
        : `Order ${input.order_id} was not cancelled: the service rejected the refund of loan ${session.loan_id}'s captured ${captured} (the [bnpl] log line says why); Medusa recorded ${inMedusa} refunded. ` +
            "If part of the loan was refunded in the service's portal, run Reconcile now and record it on the loans page, then cancel again.",
    )
  }
  // Medusa refunded what it had captured, each refund booked as it went out (a record the book
  // lacks is booked now, so it is never refunded twice): what Medusa never captured (a partial
  // capture, or none) is the rest of the loan by the book.
  const { onItsWay } = await bookMedusaRefunds(
    container,
    { loanId: session.loan_id, cartId: session.service_cart_id },
    payment.refunds,
    await bookOfCart(container, session.service_cart_id),
  )
  // A refund that started after the check before Medusa's cancel: the rest by the book would count its amount as still on the loan and refund it too.
  refuseWhileOnItsWay(input.order_id, session.loan_id, onItsWay)
  const done = await refundLoanInFull(container, session.service_cart_id, session.loan_id, CANCEL_REFUND, `bnpl-cancel-${paymentId}`).catch(
    (error) => {
      const why = error instanceof RefundRejectedError ? "the service rejected the refund of what remains of the loan" : (error as Error).message
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Order ${input.order_id} was not cancelled: loan ${session.loan_id} is paid and ${why} Check the loan in the service's portal, then cancel again.`,
      )
    },
  )
  return !!done.loan && isPaid(done.loan)
}

/** Refunds what remains of the order's paid loans once Medusa has cancelled it, under the carts' locks the caller holds; fails to roll the cancel back. */
export const refundCancelledOrderLoansStep = createStep("bnpl-cancel-refund", async (input: CancelRefundInput, { container }) => {
  // Irreversible at the service: nothing to compensate, and nothing after this step can fail for it.
  return new StepResponse(await refundPaidLoansOfCancelledOrder(container, input, { inAdminCancel: true }))
})

/**
 * The store's own refund of the loan, recorded by Medusa and waiting for this cancel's lock to be
 * booked and sent (refund-book.ts, `onItsWayMs`): the cancel waits for it to land.
 */
function refuseWhileOnItsWay(orderId: string, loanId: number, onItsWay: MedusaRefund[]): void {
  if (!onItsWay.length) return
  throw new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    `Order ${orderId} was not cancelled: a refund of ${onItsWay.map((r) => toDecimal(r.amount)).join(" and ")} on loan ${loanId} is on its way to the service (Medusa refund ${onItsWay.map((r) => r.id).join(", ")}). Cancel again in a moment.`,
  )
}

/**
 * Before Medusa's cancel moves any money: no loan of the order has a refund the admin must settle
 * first (a lost reply, or one made in the service's portal), or one on its way. A cancel is all or
 * nothing, so it is refused here rather than after a first loan's refund went out.
 */
export const checkOrderLoansRefundableStep = createStep("bnpl-check-order-loans-refundable", async (input: CancelRefundInput, { container }) => {
  const payments = await orderPayments(container, input.order_id)
  for (const cartId of new Set(payments.map((p) => p.session.service_cart_id))) {
    const { book } = await standingBook(container, cartId)
    for (const { session, refunds } of payments.filter((p) => p.session.service_cart_id === cartId)) {
      refuseWhileOnItsWay(
        input.order_id,
        session.loan_id,
        unbookedMedusaRefunds(refunds, book, onItsWayMs(bnplFromContainer(container).options)).onItsWay,
      )
      const [undecided] = undecidedOf(book, session.loan_id)
      if (undecided) {
        throw new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          `Order ${input.order_id} was not cancelled: ${undecidedReason(undecided, session.loan_id)}`,
        )
      }
    }
  }
  return new StepResponse(undefined)
})

/** Medusa's cancel of an order, then the refund of its paid loans: the admin's cancel of an order a loan paid. */
export const cancelOrderWithLoansWorkflow = createWorkflow("bnpl-cancel-order", (input: CancelOrderInput) => {
  checkOrderLoansRefundableStep({ order_id: input.order_id })
  restoreLoanPaymentsStep({ order_id: input.order_id })
  cancelOrderWorkflow.runAsStep({ input })
  return new WorkflowResponse(refundCancelledOrderLoansStep({ order_id: input.order_id }))
})

/**
 * An order cancelled by a path other than the admin's cancel (the store's own code running
 * cancelOrderWorkflow): the cancel cannot be refused any more, so what remains is refunded now,
 * and a refund that cannot go out is left to the refund check, which lists the loan.
 */
export const refundAfterCancelStepId = "bnpl-refund-after-cancel"

const refundAfterCancelStep = createStep(refundAfterCancelStepId, async (input: CancelRefundInput, { container }) => {
  return new StepResponse(await refundPaidLoansOfCancelledOrder(container, input, { inAdminCancel: false }))
})

export const cancelRefundWorkflow = createWorkflow("bnpl-cancel-refund", (input: CancelRefundInput) => {
  const locks = lockHolders(orderLoanCartsStep(input))
  const refunded = refundAfterCancelStep(input)
  unlockHolders(locks)
  return new WorkflowResponse(refunded)
})

/**
 * A cancel that stopped part way (a second loan's refund refused or left unclear after a first
 * went out; `bookedBefore` holds the ids of the book's entries from before it): the order stays,
 * so every loan of it that this cancel refunded, or left unclear, is listed with what happened
 * and what remains; what Medusa recorded stays recorded. Answers the words for the admin: each
 * loan and its refund so far.
 */
export async function listLoansOfStoppedCancel(container: MedusaContainer, orderId: string, bookedBefore: ReadonlySet<string>): Promise<string[]> {
  const said: string[] = []
  for (const { session } of await orderPayments(container, orderId)) {
    const book = await bookOfCart(container, session.service_cart_id)
    const ofThisCancel = (e: BookEntry) => e.loan_id === session.loan_id && e.reason === CANCEL_REFUND && !bookedBefore.has(e.id)
    if (!book.some((e) => ofThisCancel(e) && e.state !== "rejected")) continue
    const row = await rowOfLoan(container, session.loan_id)
    if (!row) continue
    const [undecided] = undecidedOf(book, session.loan_id)
    const refunded = refundedOn(book, session.loan_id)
    said.push(undecided ? `loan ${session.loan_id}: unclear` : `loan ${session.loan_id}: ${refunded} refunded`)
    const reason = undecided
      ? `${undecidedReason(undecided, session.loan_id)} Order ${orderId} is not cancelled: cancel it again once this is settled.`
      : `Order ${orderId} is not cancelled, but its cancel refunded ${refunded} of loan ${session.loan_id} at the service before another loan's refund stopped it; Medusa recorded it. Cancel the order again to finish: only what remains of each loan is refunded.`
    // run, not runAsStep: this follows cancelOrderWithLoansWorkflow's rollback, which would undo a listing nested in it; one per loan.
    await listLoanWorkflow(container).run({ input: { ledger_id: row.id, reason, while_state: row.state } })
  }
  return said
}

/**
 * The ids of Medusa's refunds on the order's loans that the provider may still be booking (the
 * store's own, waiting for the lock this cancel holds): whether they stay is the service's answer.
 */
export async function refundsOnTheirWay(container: MedusaContainer, orderId: string): Promise<Set<string>> {
  const windowMs = onItsWayMs(bnplFromContainer(container).options)
  const onItsWay = new Set<string>()
  for (const { session, refunds } of await orderPayments(container, orderId)) {
    const book = await bookOfCart(container, session.service_cart_id)
    for (const refund of unbookedMedusaRefunds(refunds, book, windowMs).onItsWay) onItsWay.add(refund.id)
  }
  return onItsWay
}

/** The ids of the book's entries on the order's loans now: what a cancel about to run has not booked. */
export async function bookedIdsOfOrder(container: MedusaContainer, orderId: string): Promise<Set<string>> {
  const carts = new Set((await orderPayments(container, orderId)).map((p) => p.session.service_cart_id))
  const books = await Promise.all([...carts].map((cartId) => bookOfCart(container, cartId)))
  return new Set(books.flat().map((e) => e.id))
}
