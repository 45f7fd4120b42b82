import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { refundPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { exactDifference, medusaAmountOfRefund } from "../lib/service/money"
import { centsToDecimal } from "../lib/service/refunds"
import { type AskedRefund, withHandOver } from "../lib/provider-channel/hand-over"
import { orderPayments, type OrderPayment } from "../lib/medusa/queries"
import { rowOfLoan } from "../lib/ledger/ledger"
import { countedByOrder } from "../lib/money/released-rest"
import { bookingSender } from "../lib/money/refund-book"
import { owedToShopper } from "../lib/money/order-change-guard"
import { lockHolders, unlockHolders } from "./holder-locks"
import { listLoanWorkflow, type ListLoanInput } from "./list-loan"
import { orderLoanCartsStep } from "./steps/order-loan-carts"

/**
 * `refundOnReturn`: Medusa received a return of an order a loan paid, and the order now owes
 * the shopper money (its summary's pending difference is below zero). That amount is refunded
 * through Medusa's own refund of the loans' payments, so Medusa records it, and the provider's
 * booked sender sends it to the service once (src/lib/money/refund-book.ts). An order several
 * loans paid (a balance's after an edit, an exchange or a claim) is refunded across them, oldest
 * payment first, each up to what the order counts of it (captured, less refunded; a payment whose
 * uncaptured rest Medusa released counts its capture). Each refund carries the return's id in its
 * note: a second delivery of the event finds it and refunds nothing. Under the carts' locks, as
 * every refund.
 *
 * Nothing is guessed: the first refund the service refuses or leaves unclear (booked, and on the
 * loans page) stops the rest, since an unclear one may have gone out. What stays owed (that, or
 * more than the loans' captures hold) puts a loan on the attention list with the amount, for the
 * admin to refund from the order page.
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

/** What the step did, and the loan to list for what stays owed. */
interface RefundsOfReturn {
  refund: ReturnRefund
  listing?: ListLoanInput
}

/** Under the locks of the order's loans' carts, the payments are read again (refundDue). */
const refundReceivedReturnStep = createStep(refundReceivedReturnStepId, async (input: RefundReceivedReturnInput, { container }) => {
  const done = await refundDue(container, input)
  const { refund } = done
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  if (refund.outcome === "refunded") logger.info(`[bnpl] order ${input.order_id}: return ${input.return_id} refunded ${refund.amount} on its loans`)
  if ("reason" in refund) logger.warn(`[bnpl] order ${input.order_id}: return ${input.return_id} not refunded in full: ${refund.reason}`)
  return new StepResponse<RefundsOfReturn>(done)
})

/** What the order counts of a loan's payment; one Medusa replaced counts nothing, one whose rest it released counts its capture. */
const counted = (payment: OrderPayment): bigint => (payment.canceled && !payment.restReleased ? 0n : countedByOrder(payment))

async function refundDue(container: MedusaContainer, input: RefundReceivedReturnInput): Promise<RefundsOfReturn> {
  // Read again under the lock: a refund of the order page or an earlier delivery may have been first.
  const [payments, owed] = await Promise.all([orderPayments(container, input.order_id), owedToShopper(container, input.order_id)])
  const note = noteOf(input.return_id)
  if (payments.some((candidate) => candidate.refunds.some((refund) => refund.note === note))) return { refund: { outcome: "already_refunded" } }
  if (!payments.length) return { refund: { outcome: "not_a_loan" } }
  if (owed <= 0n) return { refund: { outcome: "nothing_due" } }
  const oldestFirst = [...payments].sort((a, b) => (a.createdAt ?? "").localeCompare(b.createdAt ?? ""))
  const done = await refundAcross(container, input, oldestFirst, owed)
  const rest = owed - done.refunded
  if (rest <= 0n) return { refund: { outcome: "refunded", amount: centsToDecimal(owed) } }
  const stoppedAt = done.stopped?.payment ?? oldestFirst[oldestFirst.length - 1]
  const why = done.stopped?.why ?? "the loans' captured payments hold no more (capture what is uncaptured first)"
  const reason =
    `return ${input.return_id} of order ${input.order_id} owes the shopper ${centsToDecimal(owed)}; ` +
    `${centsToDecimal(done.refunded)} was refunded on return, ${centsToDecimal(rest)} was not: ${why}`
  const listing = await restListing(container, stoppedAt, reason, centsToDecimal(rest))
  return { refund: { outcome: done.stopped ? "refused" : "not_captured", reason }, listing }
}

/**
 * The loans' payments refunded in turn, up to `owed`; stops at the first refund that does not go
 * through. The service refunds centavos; Medusa records them by the one rule (medusaAmountOfRefund):
 * the centavos, or exactly what the payment has left when they are all of it, never more than it
 * captured (docs/money.md).
 */
async function refundAcross(
  container: MedusaContainer,
  input: RefundReceivedReturnInput,
  payments: OrderPayment[],
  owed: bigint,
): Promise<{ refunded: bigint; stopped?: { payment: OrderPayment; why: string } }> {
  let refunded = 0n
  for (const payment of payments) {
    const cents = owed - refunded < counted(payment) ? owed - refunded : counted(payment)
    if (cents <= 0n) continue
    try {
      // run, not runAsStep: one refund per payment, stopping at the first that fails and going on to
      // list the rest, where a nested workflow's failure fails this one; the refunds that went out
      // stay recorded, where a nested one would be compensated; and the provider's booked sender
      // is handed over for this call's duration (withHandOver), which no nested step's can be.
      const refunds = {
        send: bookingSender(container, `return ${input.return_id} received`),
        asked: (refund: AskedRefund) => refund.payment_id === payment.paymentId && refund.note === noteOf(input.return_id),
      }
      await withHandOver({ refunds }, { carts: [payment.session.service_cart_id] }, () =>
        refundPaymentWorkflow(container).run({
          input: {
            payment_id: payment.paymentId,
            amount: medusaAmountOfRefund(cents, exactDifference(payment.captured, payment.refunded)),
            note: noteOf(input.return_id),
          },
        }),
      )
    } catch (error) {
      return { refunded, stopped: { payment, why: `loan ${payment.session.loan_id}: ${(error as Error).message}` } }
    }
    refunded += cents
  }
  return { refunded }
}

/** The rest for the attention list, on the loan where the refund stopped, with what the admin refunds from the order page. */
async function restListing(container: MedusaContainer, payment: OrderPayment, reason: string, rest: string): Promise<ListLoanInput | undefined> {
  const row = await rowOfLoan(container, payment.session.loan_id)
  if (!row) return undefined
  const words = `${reason.charAt(0).toUpperCase()}${reason.slice(1).replace(/\.$/, "")}. Refund ${rest} from the order page once the cause is settled.`
  return { ledger_id: row.id, reason: words, while_state: row.state }
}

export const refundReceivedReturnWorkflow = createWorkflow("bnpl-refund-received-return", (input: RefundReceivedReturnInput) => {
  const carts = orderLoanCartsStep(input)
  const locks = lockHolders(carts)
  // Most returns are of orders no loan paid: nothing more is read for them.
  const refunded = when("bnpl-order-has-loans", { carts }, ({ carts }) => carts.service_cart_ids.length > 0).then(() =>
    refundReceivedReturnStep(input),
  )
  when("bnpl-return-rest-owed", { refunded }, ({ refunded }) => !!refunded?.listing).then(() =>
    listLoanWorkflow.runAsStep({ input: transform({ refunded }, ({ refunded }) => refunded!.listing!) }),
  )
  unlockHolders(locks)
  return new WorkflowResponse(transform({ refunded }, ({ refunded }): ReturnRefund => refunded?.refund ?? { outcome: "not_a_loan" }))
})
