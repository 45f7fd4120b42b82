import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { exactDifference, medusaAmountOfRefund, toCents } from "../../lib/service/money"
import type { LoanRecord } from "../../lib/service/wire"
import type { OrderPayment } from "../../lib/medusa/queries"
import { isUndecided, remainingOn } from "../../lib/money/refund-book"
import type { BookEntry, LedgerLoan } from "../../modules/bnpl/types"

export const refuseRefundAmountStepId = "bnpl-refuse-refund-amount"

/** What the payment has captured and not refunded, exact. */
const leftOn = (payment: OrderPayment): string => exactDifference(payment.captured, payment.refunded)

/** A payment Medusa can record a refund of `amount` (the service's, decimal) on: not cancelled, with at least that much captured and not refunded, to the centavo. */
export const paymentHoldsRefund = (payment: OrderPayment | null, amount: string): boolean =>
  !!payment && !payment.canceled && toCents(leftOn(payment)) >= toCents(amount)

/** What Medusa records on `payment` for a refund of `amount` at the service: never more than the payment has left. */
export const medusaAmountOn = (payment: OrderPayment, amount: string): string => medusaAmountOfRefund(toCents(amount), leftOn(payment))

export interface RefundToRecord {
  row: LedgerLoan
  entry: BookEntry
  /** Decimal. */
  amount: string
  /** The loan as the service's status query shows it, and the cartId's book. */
  loan: LoanRecord
  book: BookEntry[]
  /** The payment of the row's order that holds the loan, if any. */
  payment: OrderPayment | null
}

/**
 * Refuses a refund the admin records when it is more than the book leaves on the loan (counting
 * every entry but this one), or when the loan's order is live and its payment has not captured
 * enough for Medusa to record it: the admin captures first.
 */
export const refuseRefundAmountStep = createStep(refuseRefundAmountStepId, async (input: RefundToRecord) => {
  const { row, entry, amount, payment } = input
  const others = input.book.filter((e) => e.id !== entry.id && !isUndecided(e))
  const left = remainingOn(others, input.loan)
  if ("remaining" in left && toCents(amount) > toCents(left.remaining)) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `Loan ${row.loan_id} has ${left.remaining} left to refund by the plugin's book; ${amount} is more than that.`,
    )
  }
  const live = payment && payment.orderStatus !== "canceled" && !payment.canceled
  if (live && !paymentHoldsRefund(payment, amount)) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Order ${row.order_id} has ${payment.captured} captured and ${payment.refunded} refunded: capture its payment first, so Medusa can record this refund of ${amount}.`,
    )
  }
  return new StepResponse(undefined)
})
