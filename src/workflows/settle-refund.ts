import type { MedusaContainer } from "@medusajs/framework/types"
import { MathBN, MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { addOrderTransactionStep } from "@medusajs/medusa/core-flows"
import { ledgerOf } from "../lib/ledger/ledger"
import { lockCarts, unlockCarts } from "./cart-locks"
import { cartOfLedgerRowStep } from "./steps/cart-of-ledger-row"
import { orderPayment } from "../lib/ledger/queries"
import { bookOfCart } from "../lib/ledger/loan-at-service"
import { isUndecided, remainingOn } from "../lib/ledger/refund-book"
import type { BookEntry, LedgerLoan } from "../modules/bnpl/types"
import { toCents, toDecimal } from "../lib/bnpl/money"
import { bnplFromContainer } from "../lib/bnpl/resolve-options"
import { refundCheckWorkflow } from "./refund-check"

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

interface Settled {
  entry: BookEntry
  /** Set when Medusa must record the refund on this order's payment. */
  medusa?: { order_id: string; payment_id: string; currency_code: string; amount: string }
}

const settleEntryStep = createStep(
  "bnpl-settle-refund-entry",
  async (input: SettleRefundInput, { container }) => {
    const row = await ledgerOf(container).retrieveBnplLoan(input.ledger_id)
    const before = await entryToSettle(container, row, input.entry_id)
    const settled = await settle(container, input, row, before)
    return new StepResponse(settled, before)
  },
  async (before: BookEntry | undefined, { container }) => {
    if (!before) return
    await ledgerOf(container).unsettleRefundEntry(before)
  },
)

async function entryToSettle(container: MedusaContainer, row: LedgerLoan, entryId: string): Promise<BookEntry> {
  const [entry] = await ledgerOf(container).listBnplRefunds({ id: entryId, loan_id: row.loan_id }, { take: 1 })
  if (!entry) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Loan ${row.loan_id} has no refund ${entryId} in the plugin's book.`)
  if (!isUndecided(entry)) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Refund ${entry.id} of loan ${row.loan_id} is already ${entry.state}.`)
  }
  return entry
}

async function settle(container: MedusaContainer, input: SettleRefundInput, row: LedgerLoan, entry: BookEntry): Promise<Settled> {
  const ledger = ledgerOf(container)
  const who = input.actor ? ` by ${input.actor}` : ""
  if (input.action === "dismiss") {
    return { entry: await ledger.settleRefundEntry(entry, { happened: false, note: `dismissed${who}: ${input.reason}` }) }
  }
  const amount = await amountToRecord(container, input, row, entry)
  const payment = row.order_id ? await orderPayment(container, row.order_id, row.loan_id) : undefined
  const live = payment && payment.orderStatus !== "canceled" && !payment.canceled
  // A cancelled order's captured payment still holds what Medusa has not refunded: the refund is
  // recorded there too, so Medusa's refunds keep matching the service's.
  const holds = payment && !payment.canceled && toCents(payment.captured) - toCents(payment.refunded) >= toCents(amount)
  if (live && !holds) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Order ${row.order_id} has ${payment.captured} captured and ${payment.refunded} refunded: capture its payment first, so Medusa can record this refund of ${amount}.`,
    )
  }
  const recorded = await ledger.settleRefundEntry(entry, { happened: true, amount, note: `recorded${who}` })
  if (!holds) return { entry: recorded }
  const { currency_code } = row
  return { entry: recorded, medusa: { order_id: row.order_id!, payment_id: payment.paymentId, currency_code, amount } }
}

async function amountToRecord(
  container: MedusaContainer,
  input: SettleRefundInput & { action: "record" },
  row: LedgerLoan,
  entry: BookEntry,
): Promise<string> {
  const given = entry.kind === "outside" ? input.amount : (entry.amount ?? input.amount)
  if (given === undefined || given === null)
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "Give the refund's amount, as the service's portal shows it (for example 250.00).")
  const amount = toDecimal(given)
  const loan = await bnplFromContainer(container).client.getLoan(row.cart_id, row.loan_id)
  if (!loan) throw new MedusaError(MedusaError.Types.NOT_FOUND, `The service lists no loan ${row.loan_id} for cart ${row.cart_id}.`)
  // What remains, counting every entry but the one being recorded.
  const others = (await bookOfCart(container, row.cart_id)).filter((e) => e.id !== entry.id && !isUndecided(e))
  const left = remainingOn(others, loan)
  if ("remaining" in left && toCents(amount) > toCents(left.remaining)) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `Loan ${row.loan_id} has ${left.remaining} left to refund by the plugin's book; ${amount} is more than that.`,
    )
  }
  return amount
}

/** A Medusa refund of money that already left at the service: the payment module's record, never the provider. */
const recordRefundInMedusaStep = createStep(
  "bnpl-record-refund-in-medusa",
  async (input: NonNullable<Settled["medusa"]>, { container }) => {
    const payments = container.resolve(Modules.PAYMENT) as unknown as RefundRecords
    const [refund] = await payments.createRefunds([
      { payment_id: input.payment_id, amount: input.amount, note: "Refund made at the financing service" },
    ])
    return new StepResponse(refund, refund.id)
  },
  async (refundId: string | undefined, { container }) => {
    if (refundId) await (container.resolve(Modules.PAYMENT) as unknown as RefundRecords).deleteRefunds([refundId])
  },
)

/** The payment module's generated methods for its Refund model, which its interface does not declare. */
interface RefundRecords {
  createRefunds(data: Array<{ payment_id: string; amount: string; note: string }>): Promise<Array<{ id: string }>>
  deleteRefunds(ids: string[]): Promise<void>
}

const linkMedusaRefundStep = createStep("bnpl-link-medusa-refund", async (input: { entry_id: string; refund_id: string }, { container }) => {
  await ledgerOf(container).linkMedusaRefund(input.entry_id, input.refund_id)
  return new StepResponse(input)
})

export const settleRefundWorkflow = createWorkflow("bnpl-settle-refund", (input: SettleRefundInput) => {
  // Medusa's record and its link to the entry are made under the cart's lock too: a refund check
  // in between would take the new Medusa refund for one the provider made, and book it twice.
  const row = cartOfLedgerRowStep(input)
  const locks = lockCarts(transform({ row }, ({ row }) => ({ cart_ids: [row.cart_id] })))
  const settled = settleEntryStep(input)
  when({ settled }, ({ settled }) => !!settled.medusa).then(() => {
    const medusa = transform({ settled }, ({ settled }) => settled.medusa!)
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
    linkMedusaRefundStep(transform({ settled, refund }, ({ settled, refund }) => ({ entry_id: settled.entry.id, refund_id: refund.id })))
  })
  unlockCarts(locks)
  const checked = refundCheckWorkflow.runAsStep({ input: transform({ input }, ({ input }) => ({ ledger_id: input.ledger_id })) })
  return new WorkflowResponse(transform({ settled, checked }, ({ settled, checked }) => ({ entry: settled.entry, check: checked })))
})
