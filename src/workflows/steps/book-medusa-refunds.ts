import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { bookMedusaRefunds } from "../../lib/money/refund-book"
import type { OrderPayment } from "../../lib/medusa/queries"
import type { BookEntry } from "../../modules/bnpl/types"

export const bookMedusaRefundsStepId = "bnpl-book-medusa-refunds"

export interface MedusaRefundsToBook {
  service_cart_id: string
  loan_id: number
  /** Medusa's refunds on the loan's payment; none when no order holds it. */
  refunds: OrderPayment["refunds"]
  /** The book as read: a refund it holds already is not booked again. */
  book: BookEntry[]
}

/**
 * Books Medusa's refunds on the loan's payment that the book does not hold yet (made through the
 * provider), as accepted, but for those the provider may still be booking (refund-book.ts,
 * `onItsWayMs`), which it answers apart. No compensation: each stands for a refund Medusa made and
 * the service took, whatever becomes of this workflow; the book is never rolled back.
 */
export const bookMedusaRefundsStep = createStep(bookMedusaRefundsStepId, async (input: MedusaRefundsToBook, { container }) => {
  return new StepResponse(await bookMedusaRefunds(container, { loanId: input.loan_id, cartId: input.service_cart_id }, input.refunds, input.book))
})
