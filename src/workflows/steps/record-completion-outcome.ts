import { recordCompletionFailure, recordHeldBy } from "../../lib/ledger/confirmation-records"
import type { Confirmation } from "../../lib/money/confirmation"
import type { LedgerLoan } from "../../modules/bnpl/types"
import type { Authorization } from "./authorize-loan-session"
import { ledgerChangeStep } from "./ledger-change-step"

export interface CompletionOutcome {
  cart_id: string
  loan_id: number
  /** The row as the completion's start left it. */
  row: LedgerLoan
  /** An earlier completion with this loan started and never ended in its order. */
  interrupted: boolean
  rolledForward: boolean
  authorization: Authorization
}

/**
 * What the authorization left, on the ledger: the loan is the order's payment (with any
 * look-alike a cut-short completion left beside it), or a failed completion is counted. An
 * outage is nobody's verdict on the cart: the next copy or run tries again, uncounted, so a
 * storm of replays through an outage cannot use up the loan's attempts.
 */
export const recordCompletionOutcomeStep = ledgerChangeStep(
  "bnpl-record-completion-outcome",
  async (input: CompletionOutcome, container): Promise<{ output: Confirmation; change?: Awaited<ReturnType<typeof recordHeldBy>>["change"] }> => {
    const { authorization, row } = input
    if ("orderId" in authorization) {
      const held = { cartId: input.cart_id, loanId: input.loan_id, row, orderId: authorization.orderId, interrupted: input.interrupted }
      const { change, suspectOrderId } = await recordHeldBy(container, held)
      const confirmation: Confirmation = {
        outcome: "authorized",
        orderId: authorization.orderId,
        rolledForward: input.rolledForward,
        ...(suspectOrderId ? { suspectOrderId } : {}),
      }
      return { output: confirmation, change }
    }
    const { reason } = authorization
    if (authorization.outage) return { output: { outcome: "completion_failed", reason, attention: false } }
    const { attention, change } = await recordCompletionFailure(container, row, reason)
    return { output: { outcome: "completion_failed", reason, attention }, change }
  },
)
