import { MathBN } from "@medusajs/framework/utils"
import { createWorkflow, parallelize, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { addOrderTransactionStep } from "@medusajs/medusa/core-flows"
import type { BookEntry } from "../modules/bnpl/types"
import { refundCheckWorkflow } from "./refund-check"
import { underHolderLockOfRow } from "./under-holder-lock-of-row"
import { dismissRefundEntryStep } from "./steps/dismiss-refund-entry"
import { linkMedusaRefundStep } from "./steps/link-medusa-refund"
import { readBookOfCartStep } from "./steps/read-book-of-cart"
import { readLedgerRowStep } from "./steps/read-ledger-row"
import { readOrderPaymentStep } from "./steps/read-order-payment"
import { readRefundEntryToSettleStep } from "./steps/read-refund-entry-to-settle"
import { readServiceLoanStep } from "./steps/read-service-loan"
import { recordRefundEntryStep } from "./steps/record-refund-entry"
import { recordRefundInMedusaStep } from "./steps/record-refund-in-medusa"
import { refundAmountToRecordStep } from "./steps/refund-amount-to-record"
import { medusaAmountOn, paymentHoldsRefund, refuseRefundAmountStep } from "./steps/refuse-refund-amount"

/**
 * The admin settles a refund the book cannot account for: one made outside Medusa (the
 * service's portal), of unknown amount, or one of the plugin's whose reply was lost.
 * - `record`: the refund happened, for `amount`. It is booked; when an order that is not
 *   cancelled holds the loan's captured payment, Medusa records it too, without calling the
 *   service (the money already left there).
 * - `dismiss`: it is not a refund of this loan's money (`reason` says why); booked as such.
 * Then the loan's refunds are checked again, which takes it off the list when all agree.
 */
export type SettleRefundInput = { ledger_id: string; entry_id: string; actor?: string } & (
  { action: "record"; amount?: string } | { action: "dismiss"; reason: string }
)

/** Who settled it, as the entry's note says. */
const by = (input: SettleRefundInput): string => (input.actor ? ` by ${input.actor}` : "")

export const settleRefundWorkflow = createWorkflow("bnpl-settle-refund", (input: SettleRefundInput) => {
  // Medusa's record and its link to the entry are made under the cart's lock too: a refund check
  // in between would take the new Medusa refund for one the provider made, and book it twice.
  const settled = underHolderLockOfRow(input, (input) => {
    const row = readLedgerRowStep(input)
    const entry = readRefundEntryToSettleStep(transform({ input, row }, ({ input, row }) => ({ entry_id: input.entry_id, loan_id: row.loan_id })))

    const dismissed = when("bnpl-refund-entry-dismissed", { input }, ({ input }) => input.action === "dismiss").then(() =>
      dismissRefundEntryStep(
        transform({ input, entry }, ({ input, entry }) => ({
          entry,
          note: `dismissed${by(input)}: ${input.action === "dismiss" ? input.reason : ""}`,
        })),
      ),
    )

    const recorded = when("bnpl-refund-entry-recorded", { input }, ({ input }) => input.action === "record").then(() => {
      const amount = refundAmountToRecordStep(
        transform({ input, entry }, ({ input, entry }) => ({ entry, amount: input.action === "record" ? input.amount : undefined })),
      )
      const [loan, book, payment] = parallelize(readServiceLoanStep(row), readBookOfCartStep(row), readOrderPaymentStep(row))
      refuseRefundAmountStep({ row, entry, amount, loan, book, payment })
      const booked = recordRefundEntryStep(
        transform({ input, entry, amount }, ({ input, entry, amount }) => ({ entry, amount, note: `recorded${by(input)}` })),
      )
      // A cancelled order's captured payment still holds what Medusa has not refunded: the refund is
      // recorded there too, so Medusa's refunds keep matching the service's.
      const medusa = transform({ row, payment, amount }, ({ row, payment, amount }) =>
        paymentHoldsRefund(payment, amount)
          ? { order_id: row.order_id!, payment_id: payment!.paymentId, currency_code: row.currency_code, amount: medusaAmountOn(payment!, amount) }
          : undefined,
      )
      return transform({ booked, medusa }, ({ booked, medusa }) => ({ entry: booked, medusa }))
    })

    when("bnpl-order-records-refund", { recorded }, ({ recorded }) => !!recorded?.medusa).then(() => {
      const medusa = transform({ recorded }, ({ recorded }) => recorded!.medusa!)
      const refund = recordRefundInMedusaStep(medusa)
      addOrderTransactionStep(
        transform({ medusa, refund }, ({ medusa, refund }) => ({
          order_id: medusa.order_id,
          amount: MathBN.mult(medusa.amount, -1),
          currency_code: medusa.currency_code,
          reference: "refund",
          reference_id: refund.id,
        })),
      )
      linkMedusaRefundStep(transform({ recorded, refund }, ({ recorded, refund }) => ({ entry_id: recorded!.entry.id, refund_id: refund.id })))
    })
    return transform({ dismissed, recorded }, ({ dismissed, recorded }): BookEntry => (recorded?.entry ?? dismissed)!)
  })
  const checked = refundCheckWorkflow.runAsStep({ input: transform({ input }, ({ input }) => ({ ledger_id: input.ledger_id })) })
  return new WorkflowResponse(transform({ settled, checked }, ({ settled, checked }) => ({ entry: settled, check: checked })))
})
