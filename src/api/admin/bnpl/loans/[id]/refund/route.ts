import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { type RefundLoanResult, refundLoanWorkflow } from "../../../../../../workflows/refund-loan"
import type { LoanActionResponse } from "../../ledger-view"
import { ledgerRowOrNotFound } from "../../ledger-row"

/**
 * POST /admin/bnpl/loans/:id/refund: refunds what remains of a loan at the
 * service, in full. Irreversible: the admin page asks for confirmation first. No body
 * (ActionBody, ../../action-body.ts).
 * The admin user who asked is recorded as `requested_by`. Answers
 * `{ loan: RefundLoanResult }`; 404 for an id that is not in the ledger; the
 * workflow's MedusaErrors (a REJECTED refund, say) reach Medusa's error handler.
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse<LoanActionResponse<RefundLoanResult>>) {
  const row = await ledgerRowOrNotFound(req.scope, req.params.id)
  const { result } = await refundLoanWorkflow(req.scope).run({
    input: { ledger_id: row.id, requested_by: req.auth_context.actor_id },
  })
  res.json({ loan: result })
}
