import type { MedusaContainer } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { undoLoanChange, undoOf } from "../../lib/ledger/confirmation-records"
import { emitLoanChanged } from "../../lib/ledger/emit-events"
import type { LoanChange, LoanUndo } from "../../modules/bnpl/service"

/**
 * A step that makes one change to a loan's ledger row through the ledger's service: the change is
 * announced with the workflow's event group (dropped if the workflow fails), and the step's
 * compensation puts the row back.
 */
export function ledgerChangeStep<I, O>(id: string, change: (input: I, container: MedusaContainer) => Promise<{ output: O; change?: LoanChange }>) {
  return createStep(
    id,
    async (input: I, { container, eventGroupId }) => {
      const done = await change(input, container)
      await emitLoanChanged(container, done.change, eventGroupId)
      return new StepResponse(done.output, undoOf(done.change))
    },
    async (undo: LoanUndo | undefined, { container }) => undoLoanChange(container, undo),
  )
}
