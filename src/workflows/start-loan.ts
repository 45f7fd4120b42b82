import { MedusaError, Modules } from "@medusajs/framework/utils"
import type { MedusaContainer, PaymentSessionDTO } from "@medusajs/framework/types"
import { createStep, createWorkflow, StepResponse, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, createPaymentSessionsWorkflow, releaseLockStep } from "@medusajs/medusa/core-flows"
import { CART_LOCK, cartLockKey, ledgerOf, patchRow } from "../loans/ledger"
import { refundLoanInFull } from "../loans/refund-in-full"
import type { CartSnapshot } from "../providers/bnpl/cart-snapshot"
import { sameAmount } from "../providers/bnpl/money"
import { bnplFromContainer } from "../providers/bnpl/resolve-options"
import { PROVIDER_ID, readSessionData } from "../providers/bnpl/session-data"
import { isPaid } from "../providers/bnpl/status"

/**
 * Creates a pp_bnpl_bnpl payment session, and with it the loan's ledger row.
 *
 * The store route `POST /store/payment-collections/:id/payment-sessions` runs
 * this for pp_bnpl_bnpl (src/api/store/payment-collections/start-loan.ts):
 * Medusa's own createPaymentSessionsWorkflow, with the plugin's rule for a
 * paid loan first, and the ledger row after, under the cart's lock.
 *
 * A paid loan outranks a new selection. While the cart's total still equals
 * the paid loan's, the new session takes that loan over: no second loan, and
 * the paid one becomes the order. When the cart changed so that the paid loan
 * can no longer be its payment, the paid loan is refunded in full before a new
 * loan is created, and the ledger and the log say so.
 */
export interface StartLoanInput {
  payment_collection_id: string
  customer_id?: string
  snapshot: CartSnapshot
}

type PaidLoanDecision = { adopt?: { loanId: number; checkoutUrl: string } }

const settlePaidLoanStep = createStep("bnpl-settle-paid-loan", async (input: StartLoanInput, { container }) => {
  return new StepResponse<PaidLoanDecision>(await settlePaidLoan(container, input))
})

async function settlePaidLoan(container: MedusaContainer, input: StartLoanInput): Promise<PaidLoanDecision> {
  const cartId = input.snapshot.cartId
  const rows = await ledgerOf(container).listBnplLoans({ cart_id: cartId, state: ["open", "needs_attention"] })
  if (!rows.length) return {}
  const { client } = bnplFromContainer(container)
  const loans = await client.getLoans(cartId)
  const collection = await container.resolve(Modules.PAYMENT).retrievePaymentCollection(input.payment_collection_id, { select: ["amount"] })
  const logger = container.resolve("logger")
  for (const row of rows) {
    const loan = loans.find((l) => l.loanId === row.loan_id)
    if (!loan || !isPaid(loan)) continue
    if (sameAmount(loan.totalAmount, collection.amount)) return { adopt: { loanId: loan.loanId, checkoutUrl: row.checkout_url ?? "" } }
    const reason = `the cart changed to ${collection.amount} after loan ${loan.loanId} was paid for ${loan.totalAmount}`
    const refund = await refundLoanInFull(container, cartId, loan.loanId, "cart changed after payment", `bnpl-replaced-${row.id}`).catch((error: Error) => {
      logger.error(`[bnpl] cart ${cartId}: paid loan ${loan.loanId} could not be refunded (${error.message}); no new loan is created`)
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "This cart's earlier installment payment is being returned. Try again in a moment.")
    })
    logger.warn(`[bnpl] cart ${cartId}: ${reason}; refunded ${refund.refundedNow} at the service before creating a new loan`)
    await patchRow(container, row, {
      state: "refunded",
      loan_status: loan.status,
      refunded_at_service: loan.totalAmount,
      attention_reason: `Refunded in full: ${reason}.`,
    })
  }
  return {}
}

/** Every loan gets its row in the request that created it, and keeps it after its session is gone. */
const recordLoanStep = createStep(
  "bnpl-record-loan",
  async (input: { session: PaymentSessionDTO; cart_id: string; payment_collection_id: string }, { container }) => {
    const data = readSessionData(input.session.data)
    if (!data) return new StepResponse(undefined, {})
    const ledger = ledgerOf(container)
    const [row] = await ledger.listBnplLoans({ loan_id: data.loan_id }, { take: 1 })
    const fields = { payment_collection_id: input.payment_collection_id, payment_session_id: input.session.id }
    if (row) {
      // A session that took over a paid loan: the row moves to the new session.
      const previous = await patchRow(container, row, fields)
      return new StepResponse(row.id, { id: row.id, previous })
    }
    const created = await ledger.createBnplLoans({
      ...fields,
      loan_id: data.loan_id,
      cart_id: input.cart_id,
      checkout_url: data.checkout_url,
      amount: data.amount,
      currency_code: data.currency_code,
      loan_status: data.loan_status ?? "REQUEST",
    })
    // No compensation for a new row: the loan exists at the service whatever happens next, so its row stays.
    return new StepResponse(created.id, {})
  },
  async (undo: { id?: string; previous?: Record<string, unknown> } | undefined, { container }) => {
    if (undo?.id && undo.previous) await ledgerOf(container).updateBnplLoans({ id: undo.id, ...undo.previous })
  }
)

export const startLoanWorkflow = createWorkflow("bnpl-start-loan", (input: StartLoanInput) => {
  const key = transform({ input }, ({ input }) => cartLockKey(input.snapshot.cartId))
  acquireLockStep({ key, ...CART_LOCK })
  const decision = settlePaidLoanStep(input)
  const sessionInput = transform({ input, decision }, ({ input, decision }) => ({
    payment_collection_id: input.payment_collection_id,
    provider_id: PROVIDER_ID,
    customer_id: input.customer_id,
    data: { cart: { ...input.snapshot, ...(decision.adopt ? { adoptLoan: decision.adopt } : {}) } },
  }))
  const session = createPaymentSessionsWorkflow.runAsStep({ input: sessionInput })
  recordLoanStep(
    transform({ input, session }, ({ input, session }) => ({ session, cart_id: input.snapshot.cartId, payment_collection_id: input.payment_collection_id }))
  )
  releaseLockStep({ key })
  return new WorkflowResponse(session)
})
