import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { type RetryCompletionResult, retryCompletionWorkflow } from "../../../../../../workflows/retry-completion"
import { ActionBody } from "../../action-body"
import type { LoanActionResponse } from "../../ledger-view"
import { ledgerRowOrNotFound } from "../../ledger-row"
import { parseInput } from "../../parse-input"

/**
 * POST /admin/bnpl/loans/:id/retry-completion: completes the cart of a paid
 * loan on the attention list once more. Answers `{ loan: RetryCompletionResult }`;
 * 404 for an id that is not in the ledger. The workflow's MedusaErrors reach
 * Medusa's error handler, which answers with their type and message.
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse<LoanActionResponse<RetryCompletionResult>>) {
  parseInput(ActionBody, req.body, "body")
  const row = await ledgerRowOrNotFound(req.scope, req.params.id)
  const { result } = await retryCompletionWorkflow(req.scope).run({ input: { ledger_id: row.id } })
  res.json({ loan: result })
}
