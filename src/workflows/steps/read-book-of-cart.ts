import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { bookOfCart } from "../../lib/ledger/loan-at-service"
import type { BookEntry } from "../../modules/bnpl/types"

export const readBookOfCartStepId = "bnpl-read-book-of-cart"

/** The plugin's book of refunds of a cartId, oldest first. Reads only. */
export const readBookOfCartStep = createStep(readBookOfCartStepId, async (input: { service_cart_id: string }, { container }) => {
  const book: BookEntry[] = await bookOfCart(container, input.service_cart_id)
  return new StepResponse(book)
})
