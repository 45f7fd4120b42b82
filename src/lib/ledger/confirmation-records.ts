import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { LoanChange, LoanUndo } from "../../modules/bnpl/service"
import type { LedgerLoan } from "../../modules/bnpl/types"
import { bnplFromContainer } from "../options/resolve-options"
import { ledgerOf } from "./ledger"
import { findSuspectOrder } from "./suspects"

/** A step's compensation: the row as it was before the step's change. */
export async function undoLoanChange(container: MedusaContainer, undo: LoanUndo | undefined): Promise<void> {
  if (undo) await ledgerOf(container).undoLoanChange({ id: undo.id, previous: undo.previous })
}

/** What a step keeps for its compensation: the undo without the row. */
export const undoOf = (change: LoanChange | undefined): LoanUndo | undefined => change && { id: change.id, previous: change.previous }

/** Counts a failed completion; the loan needs the admin once `maxCompletionAttempts` are used. */
export function recordCompletionFailure(
  container: MedusaContainer,
  row: LedgerLoan,
  reason: string,
  loanStatus?: LedgerLoan["loan_status"],
): Promise<{ attention: boolean; change: LoanChange }> {
  const { maxCompletionAttempts } = bnplFromContainer(container).options
  return ledgerOf(container).recordCompletionFailure(row, { reason, maxAttempts: maxCompletionAttempts, loanStatus })
}

export interface HeldBy {
  cartId: string
  loanId: number
  row: LedgerLoan
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
  cartId: row.service_cart_id,
  loanId: row.loan_id,
  row,
  orderId,
  interrupted: !!row.completion_started_at,
})

/** `orderId` holds the loan's payment: the ledger records it, with any look-alike a cut-short completion left. */
export async function recordHeldBy(container: MedusaContainer, held: HeldBy): Promise<{ change: LoanChange; suspectOrderId?: string }> {
  // A balance's authorization places no order, so it can leave no look-alike.
  const suspect = held.interrupted && held.row.holder === "cart" ? await findSuspectOrder(container, held.cartId, held.orderId, held.row) : undefined
  const change = await ledgerOf(container).recordOrdered(held.row, held.orderId, suspect)
  if (suspect) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `[bnpl] cart ${held.cartId}: order ${suspect} may be a second order left by a completion a crash cut short; loan ${held.loanId} paid order ${held.orderId}; listed for the admin`,
      )
  }
  return { change, ...(suspect ? { suspectOrderId: suspect } : {}) }
}
