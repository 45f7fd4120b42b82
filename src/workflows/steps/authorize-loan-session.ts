import { MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { completeCartWorkflow, processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import type { LoanRecord } from "../../lib/service/wire"
import { AUTHORIZED } from "../../lib/money/confirmation"
import { rollbackRefunds, withHandOver } from "../../lib/provider-channel/hand-over"
import { recordCapturesOnOrder } from "../../lib/medusa/order-transactions"
import { type LoanHolder, serviceCartId } from "../../modules/bnpl/holder"
import { orderOfHolder } from "../../lib/medusa/queries"

export const authorizeLoanSessionStepId = "bnpl-authorize-loan-session"

export interface AuthorizeInput {
  holder: LoanHolder
  session_id: string
  session_amount: number
  /** The status query's answer that found the loan paid: the authorization takes it (hand-over.ts). */
  loan: LoanRecord
  /** An order holds the cart already (its own, or one a cut-short completion left): the loan is authorized onto it. */
  order_exists: boolean
}

/** What the authorization left: the order holding the loan, or why there is none. */
export type Authorization = { orderId: string } | { reason: string; outage: boolean }

/**
 * Authorizes the session and requires an order in the database. A cart no order holds is
 * completed with Medusa's completeCartWorkflow, which authorizes the session as the storefront's
 * completion does: processPaymentWorkflow would run the same workflow after four look-ups and a
 * lock of its own (`npm run bench`, webhook → order). A cart an order holds already goes through
 * processPaymentWorkflow, whose "authorize-existing-order" branch authorizes the session onto
 * that order, and the capture it made there (autoCapture) is given the order transaction that
 * branch leaves out. Either carries on past a failed completion and reports the error.
 *
 * processPaymentWorkflow runs on its own here, not with `runAsStep`: nested, its
 * acquireLockStep on the cart id skips (Medusa takes that lock only in a top-level
 * run), and that lock is what keeps it apart from the storefront's own completion
 * of the same cart (completeCartWorkflow takes the same key). completeCartWorkflow runs on its
 * own for the same reason.
 */
/** Only a cart completes into an order: an order balance's collection belongs to its order already. */
function cartIdOf(holder: LoanHolder): string {
  if (holder.type !== "cart") throw new Error(`the payment collection ${holder.payment_collection_id} of an order balance has no cart to complete`)
  return holder.cart_id
}

export const authorizeLoanSessionStep = createStep(authorizeLoanSessionStepId, async (input: AuthorizeInput, { container }) => {
  // processPaymentWorkflow carries on past a failed cart completion (its step continues on
  // failure) but still reports the error: it becomes the reason the admin reads.
  const cartId = serviceCartId(input.holder)
  // The provider takes the status query just made, and books a refund of Medusa's rollback (a
  // completion that failed after the capture) under the lock the confirmation holds.
  const handOver = { confirmed: input.loan, refunds: rollbackRefunds(container) }
  const { errors, result } = await withHandOver(
    handOver,
    { carts: [cartId] },
    (): Promise<{ errors: Array<{ error: unknown }>; result?: unknown }> =>
      input.order_exists
        ? processPaymentWorkflow(container).run({
            input: { action: "authorized", data: { session_id: input.session_id, amount: input.session_amount } },
            throwOnError: false,
          })
        : completeCartWorkflow(container).run({ input: { id: cartIdOf(input.holder) }, throwOnError: false }),
  )
  // Done means an order and the loan authorized on it: an order a cut-short completion left
  // can exist while the authorization onto it failed (the status query down at that moment). A
  // completion that went through names its order.
  const placed = !input.order_exists && !errors.length ? (result as { id?: string } | undefined)?.id : undefined
  const [orderId, session] = await Promise.all([
    placed ?? orderOfHolder(container, input.holder),
    container.resolve(Modules.PAYMENT).retrievePaymentSession(input.session_id, { select: ["status"] }),
  ])
  if (orderId && AUTHORIZED.includes(session.status)) {
    if (input.order_exists) await recordCapturesOnOrder(container, orderId, input.session_id)
    return new StepResponse<Authorization>({ orderId })
  }
  const failure =
    errors
      .map((e) => (e.error as Error | undefined)?.message)
      .filter(Boolean)
      .join("; ") || undefined
  const reason = orderId
    ? `the loan could not be authorized on the cart's order ${orderId}${failure ? `: ${failure}` : ""}`
    : `the cart could not be completed into an order${failure ? `: ${failure}` : ""}`
  return new StepResponse<Authorization>({ reason, outage: errors.length > 0 && errors.every((e) => isOutage(e.error)) })
})

/** Medusa's errors that say something of the cart or the payment; every other failure is an outage (a database, a lock, a service down). */
const VERDICTS: ReadonlySet<string> = new Set([
  MedusaError.Types.NOT_ALLOWED,
  MedusaError.Types.INVALID_DATA,
  MedusaError.Types.NOT_FOUND,
  MedusaError.Types.CONFLICT,
  MedusaError.Types.DUPLICATE_ERROR,
  MedusaError.Types.INVALID_ARGUMENT,
  MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR,
  MedusaError.Types.PAYMENT_REQUIRES_MORE_ERROR,
])

const isOutage = (error: unknown): boolean => !VERDICTS.has(String((error as { type?: unknown } | undefined)?.type))
