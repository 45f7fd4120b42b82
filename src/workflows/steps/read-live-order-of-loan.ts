import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { holderOfRow } from "../../modules/bnpl/holder"
import { orderOfHolder, orderPayment } from "../../lib/medusa/queries"
import type { LedgerLoan } from "../../modules/bnpl/types"

export const readLiveOrderOfLoanStepId = "bnpl-read-live-order-of-loan"

/**
 * The first order, among those that may hold the loan (the row's order, its suspected second
 * order, the order of its holder), that is not cancelled and holds its payment, or null. Medusa
 * decides, not the ledger's row. A payment whose collection Medusa replaced (an edit, exchange or
 * claim before the capture asks the whole total again) holds nothing: the loan pays for nothing
 * there. Reads only.
 */
export const readLiveOrderOfLoanStep = createStep(readLiveOrderOfLoanStepId, async (row: LedgerLoan, { container }) => {
  const candidates = new Set(
    [row.order_id, row.suspect_order_id, await orderOfHolder(container, holderOfRow(row))].filter((id): id is string => !!id),
  )
  for (const orderId of candidates) {
    const payment = await orderPayment(container, orderId, row.loan_id)
    if (payment && !payment.replaced && payment.orderStatus !== "canceled") return new StepResponse<string | null>(orderId)
  }
  return new StepResponse<string | null>(null)
})
