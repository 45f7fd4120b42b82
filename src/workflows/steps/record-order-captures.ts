import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { BigNumberInput } from "@medusajs/framework/types"

export const recordOrderCapturesStepId = "bnpl-record-order-captures"

export interface OrderCapturesInput {
  /** The order the loan was authorized onto; nothing is written without one. */
  order_id?: string
  session_id: string
}

interface PaymentCaptures {
  currency_code: string
  captures: Array<{ id: string; amount: BigNumberInput; raw_amount?: BigNumberInput } | null> | null
}

/**
 * Gives the order a `capture` transaction for each capture of the loan's payment that has none.
 * A payment captured by the payment module while processPaymentWorkflow authorizes a session (an
 * order placed first, a balance, a link's collection) gets no order transaction: only
 * completeCartWorkflow and capturePaymentWorkflow add one, so without it the order would show the
 * loan's money as owed (docs/money.md, "How a loan maps to Medusa"). Keyed by the capture's id, as
 * Medusa's own transactions are, so a repeat adds nothing.
 */
export const recordOrderCapturesStep = createStep(
  recordOrderCapturesStepId,
  async (input: OrderCapturesInput, { container }) => {
    if (!input.order_id) return new StepResponse<string[]>([], [])
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "payment",
      fields: ["currency_code", "captures.id", "captures.amount", "captures.raw_amount"],
      filters: { payment_session_id: input.session_id },
    })
    const captures = (data as PaymentCaptures[]).flatMap((payment) =>
      (payment.captures ?? []).flatMap((capture) => (capture ? [{ capture, currency_code: payment.currency_code }] : [])),
    )
    if (!captures.length) return new StepResponse<string[]>([], [])
    const orders = container.resolve(Modules.ORDER)
    const existing = await orders.listOrderTransactions(
      { order_id: input.order_id, reference: "capture", reference_id: captures.map(({ capture }) => capture.id) },
      { select: ["reference_id"] },
    )
    const recorded = new Set(existing.map((t) => t.reference_id))
    const missing = captures.filter(({ capture }) => !recorded.has(capture.id))
    if (!missing.length) return new StepResponse<string[]>([], [])
    const created = await orders.addOrderTransactions(
      missing.map(({ capture, currency_code }) => ({
        order_id: input.order_id!,
        amount: capture.raw_amount ?? capture.amount,
        currency_code,
        reference: "capture",
        reference_id: capture.id,
      })),
    )
    const ids = created.map((t) => t.id)
    return new StepResponse(ids, ids)
  },
  async (ids, { container }) => {
    if (ids?.length) await container.resolve(Modules.ORDER).deleteOrderTransactions(ids)
  },
)
