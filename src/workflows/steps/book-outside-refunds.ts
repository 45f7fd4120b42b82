import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { LoanRecord, RefundRecord } from "../../lib/service/wire"
import { bookOutsideRefunds } from "../../lib/money/refund-book"
import type { BookEntry } from "../../modules/bnpl/types"

export const bookOutsideRefundsStepId = "bnpl-book-outside-refunds"

export interface OutsideRefundsToBook {
  service_cart_id: string
  /** The cartId's refund history and loans, as the service answered them. */
  history: RefundRecord[]
  loans: LoanRecord[]
  /** Every entry the book holds now, those just booked included. */
  book: BookEntry[]
}

/**
 * Books the history's entries that the book cannot explain as refunds made outside Medusa, of
 * unknown amount (refund-book.ts, `bookOutsideRefunds`). No compensation: the service lists those
 * refunds whatever becomes of this workflow, and the book is never rolled back.
 */
export const bookOutsideRefundsStep = createStep(bookOutsideRefundsStepId, async (input: OutsideRefundsToBook, { container }) => {
  const booked = await bookOutsideRefunds(container, input.service_cart_id, input.history, input.loans, input.book)
  return new StepResponse(booked)
})
