import type { MedusaContainer, UpdatePaymentDTO } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { refundPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { type RowPatchUndo, undoRowPatch } from "../loans/confirmation-records"
import { ledgerOf, type LedgerPatch, patchRow } from "../loans/ledger"
import { underCartLockOfRow } from "../loans/ledger-steps"
import { orderPayment } from "../loans/queries"
import { toCents } from "../providers/bnpl/money"
import { centsToDecimal, refundedTotal, refundsOfLoan } from "../providers/bnpl/refunds"
import { bnplFromContainer } from "../providers/bnpl/resolve-options"

/**
 * Compares what the service refunded on a loan with what Medusa recorded on
 * the order's payment, and makes them agree where it can:
 * - more at the service (a refund made in the service's portal): recorded in
 *   Medusa through its own refund workflow, without asking the service again;
 * - anything it cannot make agree: the attention list, with both figures.
 * A loan refunded in full on both sides (or on a cancelled payment) ends `refunded`.
 */
export interface RefundCheckInput {
  ledger_id: string
}

export interface RefundCheckResult {
  outcome: "in_order" | "refunds_recorded" | "refunded" | "needs_attention"
  refunded_at_service: string
  refunded_in_medusa: string
}

const checkRefundsStep = createStep(
  "bnpl-check-refunds",
  async (input: RefundCheckInput, { container }) => {
    const { result, undo } = await checkRefunds(container, input.ledger_id)
    return new StepResponse(result, { undo })
  },
  async (compensation: { undo?: RowPatchUndo } | undefined, { container }) => undoRowPatch(container, compensation?.undo),
)

async function checkRefunds(container: MedusaContainer, ledgerId: string): Promise<{ result: RefundCheckResult; undo?: RowPatchUndo }> {
  const row = await ledgerOf(container).retrieveBnplLoan(ledgerId)
  const { client } = bnplFromContainer(container)
  const [loans, history] = await Promise.all([client.getLoans(row.cart_id), client.getRefunds(row.cart_id)])
  const loan = loans.find((l) => l.loanId === row.loan_id)
  const service = refundedTotal(refundsOfLoan(history, loans, row.loan_id))
  const inFull = !!loan && toCents(service) >= toCents(loan.totalAmount)
  const payment = row.order_id ? await orderPayment(container, row.order_id, row.loan_id) : undefined
  let medusa = payment?.refunded ?? "0.00"
  let outcome: RefundCheckResult["outcome"] = "in_order"
  const patch: LedgerPatch = { refunded_at_service: service, checked_at: new Date(), ...(loan ? { loan_status: loan.status } : {}) }

  const gap = toCents(service) - toCents(medusa)
  if (payment && gap > 0n && !payment.canceled && toCents(payment.captured) - toCents(medusa) >= gap) {
    await recordServiceRefund(container, payment.paymentId, payment.session, centsToDecimal(gap))
    medusa = service
    outcome = "refunds_recorded"
  }
  patch.refunded_in_medusa = medusa
  const agree = toCents(service) === toCents(medusa) || (!!payment?.canceled && inFull)
  if (row.suspect_order_id && row.state === "needs_attention") {
    outcome = "needs_attention" // a possible second order stays for the admin whatever the money says
  } else if (!row.order_id || !payment) {
    outcome = inFull ? "refunded" : "needs_attention"
    if (inFull) patch.state = "refunded"
    else if (row.state !== "needs_attention") {
      patch.state = "needs_attention"
      patch.attention_reason = `Order ${row.order_id} holds no payment of loan ${row.loan_id}.`
    }
  } else if (!agree) {
    patch.state = "needs_attention"
    patch.attention_reason =
      `The service shows ${service} refunded on loan ${row.loan_id}; Medusa records ${medusa} on order ${row.order_id}` +
      (gap > 0n
        ? ` and cannot record the difference (captured ${payment.captured}): capture the payment, or record the refund by hand.`
        : ". Check the refunds in the service's portal.")
    outcome = "needs_attention"
  } else {
    Object.assign(patch, inFull ? { state: "refunded" } : { state: "ordered", attention_reason: null })
    if (inFull && outcome === "in_order") outcome = "refunded"
  }
  return {
    result: { outcome, refunded_at_service: service, refunded_in_medusa: medusa },
    undo: { id: row.id, previous: await patchRow(container, row, patch) },
  }
}

/**
 * Medusa's refund workflow calls the provider, which would refund at the
 * service again; the marker in the payment's data tells the provider this
 * refund already happened there (service.ts, refundPayment). The marker is
 * for this one recording: left behind, it would make a later refund of the
 * same amount (an admin's, or the cancel's) look recorded, and Medusa would
 * count money the service never returned.
 */
async function recordServiceRefund(container: MedusaContainer, paymentId: string, session: object, amount: string) {
  const payments = container.resolve(Modules.PAYMENT)
  await payments.updatePayment({ id: paymentId, data: { ...session, record_service_refund: amount } } as UpdatePaymentDTO)
  try {
    await refundPaymentWorkflow(container).run({ input: { payment_id: paymentId, amount, note: "Refund made at the financing service" } })
  } finally {
    // Written as null: the payment module merges `data`, so an absent key would stay.
    await payments.updatePayment({ id: paymentId, data: { ...session, record_service_refund: null } } as UpdatePaymentDTO)
  }
}

export const refundCheckWorkflow = createWorkflow("bnpl-refund-check", (input: RefundCheckInput) => {
  return new WorkflowResponse(underCartLockOfRow(input, checkRefundsStep))
})
