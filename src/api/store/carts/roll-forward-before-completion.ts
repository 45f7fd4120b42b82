import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { holderLocksOf, holdLocksUntil } from "../../../lib/ledger/locks"
import { cartHolder } from "../../../modules/bnpl/holder"
import { rollbackRefunds, withHandOver } from "../../../lib/provider-channel/hand-over"
import { answered } from "../../answered"
import { confirmLoan } from "../../../workflows/confirm-loan"
import { planCartCompletionWorkflow } from "../../../workflows/plan-cart-completion"
import { prepareCartCompletionWorkflow } from "../../../workflows/prepare-cart-completion"
import { COMPLETION_REFUSALS } from "../../../workflows/steps/check-cart-completion"

/**
 * The storefront completes a cart through Medusa's own route, which the webhook and
 * reconciliation never pass through. When a completion a crash cut short already placed the
 * order, or an order placed before its financing (`orderBeforeFinancing`) holds the cart and the
 * shopper is back from the service, the confirmation runs first (plan-cart-completion.ts): Medusa's
 * route then finds the cart's order instead of placing a second one. Otherwise the cart's lock is
 * held until Medusa's route has answered, so that a Refund in full, a refund check or a
 * confirmation of the same cart comes before or after the completion, never during it; under it,
 * prepare-cart-completion.ts refuses a cart its loan does not pay for, or marks the completion
 * started.
 */
export async function rollForwardBeforeCompletion(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const cartId = req.params.id
  // Asked first: a client gone while the lock is awaited still lets it go.
  const answer = answered(res)
  const { result: plan } = await planCartCompletionWorkflow(req.scope).run({ input: { cart_id: cartId } })
  // run, not runAsStep in the plan: confirmLoan runs the confirmation in its span (bnpl.confirmation), as every door does.
  if (plan.next === "confirm") await confirmLoan(req.scope, { holder: cartHolder(cartId), loan_id: plan.loan_id })
  if (plan.next !== "check") return next()
  // Held until the answer is sent, which no workflow lasts until: the checks run under it, in a workflow of their own.
  const release = await holdLocksUntil(req.scope, holderLocksOf(req.scope, [cartHolder(cartId)]), answer)
  try {
    const { result } = await prepareCartCompletionWorkflow(req.scope).run({ input: plan.completion })
    if (result.refusal) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, COMPLETION_REFUSALS[result.refusal])
  } catch (error) {
    await release()
    throw error
  }
  await withHandOver({ refunds: rollbackRefunds(req.scope) }, { carts: [cartId], lasts: answer }, () => next())
}
