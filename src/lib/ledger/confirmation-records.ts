import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { LedgerLoan } from "../../modules/bnpl/types"
import { bnplFromContainer } from "../bnpl/resolve-options"
import { readSessionData } from "../bnpl/session-data"
import { toDecimal } from "../bnpl/money"
import { recordNewLoan } from "./emit-events"
import { ledgerOf, type LedgerPatch, patchRow } from "./ledger"
import type { SessionRow } from "./queries"
import { findSuspectOrder } from "./suspects"

/**
 * What confirming a loan writes to the ledger, each write answering how to
 * undo it, so the confirm workflow's compensation can put the row back.
 */
export interface RowPatchUndo {
  id: string
  previous: LedgerPatch
}

/** One undo for two patches of a row, made in this order: where both changed a column, the first knew its older value. */
export function undoBoth(first: RowPatchUndo | undefined, second: RowPatchUndo): RowPatchUndo {
  return first ? { id: second.id, previous: { ...second.previous, ...first.previous } } : second
}

export async function undoRowPatch(container: MedusaContainer, undo: RowPatchUndo | undefined): Promise<void> {
  if (undo) await ledgerOf(container).patchLoan(undo.id, undo.previous)
}

/**
 * The loan's ledger row. A loan created before the ledger existed, or whose
 * row a crash prevented, gets one now from its session: the ledger must know
 * every loan it is asked about.
 */
export async function ensureRow(
  container: MedusaContainer,
  cartId: string,
  session: SessionRow,
  paymentCollectionId: string | null,
): Promise<LedgerLoan> {
  const data = readSessionData(session.data)!
  const ledger = ledgerOf(container)
  const row = await ledger.findLoan({ loan_id: data.loan_id })
  if (row) return row
  return recordNewLoan(container, {
    loan_id: data.loan_id,
    cart_id: cartId,
    payment_collection_id: paymentCollectionId,
    payment_session_id: session.id,
    checkout_url: data.checkout_url,
    amount: toDecimal(session.amount),
    currency_code: session.currency_code,
    loan_status: data.loan_status ?? "REQUEST",
  })
}

async function foundRow(container: MedusaContainer, id: string): Promise<LedgerLoan> {
  const row = await ledgerOf(container).findLoan({ id })
  if (!row) throw new Error(`ledger row ${id} not found`)
  return row
}

/** Counts a failed completion; the loan needs the admin once `maxCompletionAttempts` are used. */
export async function recordCompletionFailure(
  container: MedusaContainer,
  rowOrId: LedgerLoan | string,
  reason: string,
): Promise<{ attention: boolean; undo: RowPatchUndo }> {
  const row = typeof rowOrId === "string" ? await foundRow(container, rowOrId) : rowOrId
  const failures = (row.completion_failures ?? 0) + 1
  const attention = failures >= bnplFromContainer(container).options.maxCompletionAttempts
  const patch: LedgerPatch = {
    completion_failures: failures,
    ...(attention
      ? {
          state: "needs_attention",
          attention_reason: `Paid, but ${reason} (${failures} attempts). Retry the completion, or refund the loan in full.`,
        }
      : {}),
  }
  return { attention, undo: { id: row.id, previous: await patchRow(container, row, patch) } }
}

/** The loan is the payment of `orderId`; a look-alike order goes beside it for the admin. */
export async function recordOrdered(container: MedusaContainer, ledgerId: string, orderId: string, suspectOrderId?: string): Promise<RowPatchUndo> {
  const row = await foundRow(container, ledgerId)
  const patch: LedgerPatch = suspectOrderId
    ? {
        order_id: orderId,
        suspect_order_id: suspectOrderId,
        state: "needs_attention",
        attention_reason: `Order ${suspectOrderId} may be a second order for this cart, placed by a completion a crash cut short; the loan paid order ${orderId}. Cancel the one that should not ship.`,
      }
    : { order_id: orderId, state: "ordered", attention_reason: null, completion_failures: 0, checked_at: null }
  patch.completion_started_at = null
  return {
    id: row.id,
    previous: await patchRow(container, row, { ...patch, loan_status: row.loan_status === "REQUEST" ? "OUTSTANDING" : row.loan_status }),
  }
}

export interface HeldBy {
  cartId: string
  loanId: number
  ledgerId: string
  orderId: string
  /**
   * An earlier completion with this loan started and never ended (the row's
   * `completion_started_at` before this one began): only then is a look-alike searched for,
   * or another cart's order, still being linked at this moment, could look like a leftover.
   */
  interrupted: boolean
}

/** What a row says when `orderId` is found holding its loan's payment. */
export const heldBy = (row: LedgerLoan, orderId: string): HeldBy => ({
  cartId: row.cart_id,
  loanId: row.loan_id,
  ledgerId: row.id,
  orderId,
  interrupted: !!row.completion_started_at,
})

/** `orderId` holds the loan's payment: the ledger records it, with any look-alike a cut-short completion left. */
export async function recordHeldBy(container: MedusaContainer, held: HeldBy): Promise<{ undo: RowPatchUndo; suspectOrderId?: string }> {
  const suspect = held.interrupted ? await findSuspectOrder(container, held.cartId, held.orderId, held.ledgerId) : undefined
  const undo = await recordOrdered(container, held.ledgerId, held.orderId, suspect)
  if (suspect) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `[bnpl] cart ${held.cartId}: order ${suspect} may be a second order left by a completion a crash cut short; loan ${held.loanId} paid order ${held.orderId}; listed for the admin`,
      )
  }
  return { undo, ...(suspect ? { suspectOrderId: suspect } : {}) }
}
