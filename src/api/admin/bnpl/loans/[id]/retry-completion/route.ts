import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { type RetryCompletionResult, retryCompletionWorkflow } from "../../../../../../workflows/retry-completion"
import type { LoanActionResponse } from "../../ledger-view"
import { ledgerRowOrNotFound } from "../../ledger-row"

/**
 * POST /admin/bnpl/loans/:id/retry-completion: completes the cart of a paid
 * loan on the attention list once more; no body (ActionBody, ../../action-body.ts). Answers `{ loan: RetryCompletionResult }`;
 * 404 for an id that is not in the ledger. The workflow's MedusaErrors reach
 * Medusa's error handler, which answers with their type and message.
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse<LoanActionResponse<RetryCompletionResult>>) {
  const row = await ledgerRowOrNotFound(req.scope, req.params.id)
  const { result } = await retryCompletionWorkflow(req.scope).run({ input: { ledger_id: row.id } })
  res.json({ loan: result })
}
