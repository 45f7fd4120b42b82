import type { MedusaContainer, PaymentCollectionStatus, UpdatePaymentDTO } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { bookOfCart } from "../../lib/ledger/loan-at-service"
import { orderPayments } from "../../lib/medusa/queries"

export const restoreLoanPaymentsStepId = "bnpl-restore-loan-payments"

/** A loan payment as Medusa's cancel may change it: its cancellation, and its collection's status. */
interface PaymentState {
  id: string
  canceled_at: string | Date | null
  collection: { id: string; status: PaymentCollectionStatus }
}
type Before = { payments: Array<PaymentState & { loan_id: number; service_cart_id: string }>; booked: string[] }

/**
 * Notes the order's loan payments before Medusa's cancel, and gives each back what it was when the
 * cancel fails after it. Medusa's cancel cancels every uncaptured payment (again, for one an order
 * change cancelled) and every collection of the order, and its rollback restores neither: a payment
 * this cancel cancelled would stay cancelled under a live order, and one an earlier order change
 * cancelled (replaced, listed) must stay so. A payment whose loan this cancel refunded stays
 * cancelled with its collection: that money has left, and the loan is listed. Only the plugin's
 * payments: cancelling a paid loan's payment did nothing at the service.
 */
export const restoreLoanPaymentsStep = createStep(
  restoreLoanPaymentsStepId,
  async (input: { order_id: string }, { container }) => {
    const loans = await orderPayments(container, input.order_id)
    if (!loans.length) return new StepResponse(undefined, { payments: [], booked: [] } as Before)
    const states = new Map(
      (
        await paymentStates(
          container,
          loans.map((p) => p.paymentId),
        )
      ).map((p) => [p.id, p]),
    )
    const payments = loans.flatMap(({ paymentId, session }) => {
      const state = states.get(paymentId)
      return state ? [{ ...state, loan_id: session.loan_id, service_cart_id: session.service_cart_id }] : []
    })
    const books = await Promise.all([...new Set(payments.map((p) => p.service_cart_id))].map((cartId) => bookOfCart(container, cartId)))
    return new StepResponse(undefined, { payments, booked: books.flat().map((entry) => entry.id) } as Before)
  },
  async (before: Before | undefined, { container }) => {
    if (!before?.payments.length) return
    const now = new Map(
      (
        await paymentStates(
          container,
          before.payments.map((p) => p.id),
        )
      ).map((p) => [p.id, p]),
    )
    const booked = new Set(before.booked)
    const module = container.resolve(Modules.PAYMENT)
    for (const payment of before.payments) {
      const book = await bookOfCart(container, payment.service_cart_id)
      if (book.some((e) => e.loan_id === payment.loan_id && e.state !== "rejected" && !booked.has(e.id))) continue
      const current = now.get(payment.id)
      if (stamp(current?.canceled_at) !== stamp(payment.canceled_at)) {
        const canceledAt = payment.canceled_at === null ? null : new Date(payment.canceled_at)
        await module.updatePayment({ id: payment.id, canceled_at: canceledAt } as UpdatePaymentDTO)
      }
      if (current && current.collection.status !== payment.collection.status) {
        await module.updatePaymentCollections(payment.collection.id, { status: payment.collection.status })
      }
    }
  },
)

async function paymentStates(container: MedusaContainer, ids: string[]): Promise<PaymentState[]> {
  const { data } = await container
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({ entity: "payment", fields: ["id", "canceled_at", "payment_collection.id", "payment_collection.status"], filters: { id: ids } })
  return (data as Array<{ id: string; canceled_at?: string | Date | null; payment_collection: PaymentState["collection"] }>).map(
    ({ id, canceled_at, payment_collection }) => ({ id, canceled_at: canceled_at ?? null, collection: payment_collection }),
  )
}

const stamp = (at: string | Date | null | undefined): number | null => (at ? new Date(at).getTime() : null)
